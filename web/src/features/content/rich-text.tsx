import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Language } from '../../api/types';
import { internalPath } from './content.fns';

/**
 * HTML rendered from Markdown by the server (modules/content/markdown.fns.ts), which
 * sanitizes it with an allow-list; links inside the site go through the router.
 */
export function RichText({ html, language, className = '' }: { html: string; language: Language; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target) return;
    const path = internalPath(anchor.getAttribute('href'), window.location.origin);
    if (!path) return;
    event.preventDefault();
    void navigate(path);
  };
  return (
    // Delegated link clicks: the links inside are the keyboard targets.
    <div
      className={`rich-text ${className}`.trim()}
      lang={language}
      dir={language === 'ar' ? 'rtl' : 'ltr'}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
