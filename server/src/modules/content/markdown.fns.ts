import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The one way Lisan renders Markdown (content pages, posts, terms and privacy): marked
 * turns it into HTML, then sanitize-html keeps only an allow-list of tags and attributes.
 * Scripts, event handlers, iframes, styles and javascript: URLs never survive, so the
 * web app can insert the result as it is.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'strong', 'b', 'em', 'i', 's', 'del', 'sub', 'sup', 'mark', 'small', 'abbr', 'kbd',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    abbr: ['title'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links to other sites open in a new tab and pass no referrer or window handle.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (/^https?:\/\//i.test(href)) return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } };
      const { target: _target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Markdown -> sanitized HTML. */
export function renderMarkdown(markdown: string): string {
  if (!markdown.trim()) return '';
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/**
 * Splits a leading "# Title" line off a Markdown text: the legal texts in the site
 * settings start with their own title, which the page shows as its heading.
 */
export function splitLeadingHeading(markdown: string): { title: string | null; body: string } {
  const match = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(markdown);
  if (!match) return { title: null, body: markdown };
  return { title: match[1]!.trim(), body: markdown.slice(match[0].length) };
}
