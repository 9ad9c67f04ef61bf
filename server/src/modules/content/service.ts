import { Invalid, NotFound } from '../../http/errors';
import type { AdminContext, AuditWriter } from '../admin/service';
import type { SettingsService } from '../settings/service';
import { renderMarkdown, splitLeadingHeading } from './markdown.fns';
import type { ContentRepo } from './repo';
import { FIXED_PAGE_SLUGS, LEGAL_PAGE_SLUGS, type CreateEntryInput, type UpdateEntryInput } from './schemas';
import type { ContentPageRow, ContentSection } from '../../db/tables/content';
import { isUniqueViolation } from '../../db/client';

/** Site settings holding the legal texts (spec section 3), per page and language. */
const LEGAL_SETTINGS = {
  terms: { en: 'terms_conditions', ar: 'terms_conditions_ar' },
  privacy: { en: 'privacy_policy_en', ar: 'privacy_policy_ar' },
} as const;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** What visitors read: both languages, bodies rendered to sanitized HTML. */
function toPublicEntry(row: ContentPageRow) {
  return {
    section: row.section,
    slug: row.slug,
    title_en: row.title_en,
    title_ar: row.title_ar,
    summary_en: row.summary_en,
    summary_ar: row.summary_ar,
    html_en: renderMarkdown(row.body_en),
    html_ar: renderMarkdown(row.body_ar),
    published_at: iso(row.published_at),
    updated_at: iso(row.updated_at),
  };
}

/** What the admin edits: the Markdown sources and the published flag. */
function toAdminEntry(row: ContentPageRow) {
  return {
    id: row.id,
    section: row.section,
    slug: row.slug,
    fixed: row.section === 'page',
    title_en: row.title_en,
    title_ar: row.title_ar,
    summary_en: row.summary_en,
    summary_ar: row.summary_ar,
    body_en: row.body_en,
    body_ar: row.body_ar,
    published: row.published,
    published_at: iso(row.published_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const AUDITED_FIELDS = ['section', 'slug', 'title_en', 'title_ar', 'summary_en', 'summary_ar', 'published'] as const;

/** An entry as its audit log entry keeps it: the texts' lengths rather than the texts. */
function auditedEntry(row: ContentPageRow) {
  const fields = Object.fromEntries(AUDITED_FIELDS.map((field) => [field, row[field]]));
  return { ...fields, body_en_characters: row.body_en.length, body_ar_characters: row.body_ar.length };
}

type ListRow = Omit<ContentPageRow, 'body_en' | 'body_ar'>;

function toListItem(row: ListRow) {
  return {
    id: row.id,
    section: row.section,
    slug: row.slug,
    title_en: row.title_en,
    title_ar: row.title_ar,
    summary_en: row.summary_en,
    summary_ar: row.summary_ar,
    published: row.published,
    published_at: iso(row.published_at),
    updated_at: iso(row.updated_at),
  };
}

export function createContentService(deps: { repo: ContentRepo; settings: SettingsService; now: () => Date; audit: AuditWriter }) {
  async function legalPage(slug: (typeof LEGAL_PAGE_SLUGS)[number]) {
    const names = LEGAL_SETTINGS[slug];
    const [en, ar] = [splitLeadingHeading((await deps.settings.get(names.en)) ?? ''), splitLeadingHeading((await deps.settings.get(names.ar)) ?? '')];
    return {
      section: 'page' as const,
      slug,
      title_en: en.title ?? '',
      title_ar: ar.title ?? '',
      summary_en: '',
      summary_ar: '',
      html_en: renderMarkdown(en.body),
      html_ar: renderMarkdown(ar.body),
      published_at: null,
      updated_at: null,
    };
  }

  async function existing(id: number) {
    const row = await deps.repo.findById(id);
    if (!row) throw new NotFound();
    return row;
  }

  return {
    /** A published fixed page, or terms/privacy from the site settings. */
    async getPage(slug: string) {
      if ((LEGAL_PAGE_SLUGS as readonly string[]).includes(slug)) return legalPage(slug as (typeof LEGAL_PAGE_SLUGS)[number]);
      if (!(FIXED_PAGE_SLUGS as readonly string[]).includes(slug)) throw new NotFound();
      const row = await deps.repo.findPublished('page', slug);
      if (!row) throw new NotFound();
      return toPublicEntry(row);
    },

    /** Published posts of the blog or the case studies, newest first (no bodies). */
    async listPosts(section: Exclude<ContentSection, 'page'>) {
      return (await deps.repo.listPublished(section)).map((row) => {
        const { id: _id, published: _published, ...item } = toListItem(row);
        return item;
      });
    },

    async getPost(section: Exclude<ContentSection, 'page'>, slug: string) {
      const row = await deps.repo.findPublished(section, slug);
      if (!row) throw new NotFound();
      return toPublicEntry(row);
    },

    async adminList(section?: ContentSection) {
      return (await deps.repo.listAll(section)).map(toListItem);
    },

    async adminGet(id: number) {
      return toAdminEntry(await existing(id));
    },

    async create(context: AdminContext, input: CreateEntryInput) {
      const { section, ...values } = input;
      if (await deps.repo.slugTaken(section, values.slug)) throw Invalid.field('slug', 'content.slug_taken');
      let created: ContentPageRow;
      try {
        created = await deps.repo.create(section, values, deps.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw Invalid.field('slug', 'content.slug_taken');
        throw error;
      }
      await deps.audit(context, 'content.create', { type: 'content', id: String(created.id) }, null, auditedEntry(created));
      return toAdminEntry(created);
    },

    async update(context: AdminContext, id: number, input: UpdateEntryInput) {
      const row = await existing(id);
      const slug = input.slug ?? row.slug;
      if (row.section === 'page' && slug !== row.slug) throw Invalid.field('slug', 'content.fixed_page');
      if (slug !== row.slug && (await deps.repo.slugTaken(row.section, slug, id))) throw Invalid.field('slug', 'content.slug_taken');
      const now = deps.now();
      // The first publication date stays when a published entry is edited.
      const publishedAt = input.published ? (row.published_at ?? now) : null;
      try {
        const updated = await deps.repo.update(id, { ...input, slug }, publishedAt, now);
        if (!updated) throw new NotFound();
        await deps.audit(context, 'content.update', { type: 'content', id: String(id) }, auditedEntry(row), auditedEntry(updated));
        return toAdminEntry(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw Invalid.field('slug', 'content.slug_taken');
        throw error;
      }
    },

    async delete(context: AdminContext, id: number) {
      const row = await existing(id);
      if (row.section === 'page') throw Invalid.field('section', 'content.fixed_page');
      await deps.repo.delete(id);
      await deps.audit(context, 'content.delete', { type: 'content', id: String(id) }, auditedEntry(row), null);
    },

    /** The editor's preview: the same rendering visitors get. */
    preview(markdown: string) {
      return { html: renderMarkdown(markdown) };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
