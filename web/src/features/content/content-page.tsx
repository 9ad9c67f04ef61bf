import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../components/page-key';
import { useLanguage } from '../../i18n/use-language';
import { localized } from './content.fns';
import { ContentState, EntryBody } from './content-view';
import './content.css';
import { usePage } from './use-content';

export type FixedPageSlug = 'about' | 'careers' | 'contact' | 'faqs' | 'help' | 'terms' | 'privacy';

/**
 * An admin-editable page (about, careers, contact, FAQs, help) or a legal text from the
 * site settings (terms, privacy), in the active language. `children` follow the text
 * (the contact form).
 */
export function ContentPage({ slug, page, children }: { slug: FixedPageSlug; page: PageKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = usePage(slug);
  if (!query.data) return <ContentState isPending={query.isPending} error={query.error} page={page} />;
  const entry = query.data;
  const title = localized(entry, 'title', language) || t(`pages.${page}.title`);
  const summary = localized(entry, 'summary', language) || t(`pages.${page}.description`);
  return (
    <section className="container page-section">
      <article className="panel content-page" data-testid="content-page" data-slug={slug}>
        <header className="content-page__header">
          <h1 dir="auto">{title}</h1>
          <p className="muted content-page__summary" dir="auto">
            {summary}
          </p>
        </header>
        {entry.html_en || entry.html_ar ? <EntryBody entry={entry} /> : <p>{t('legal.empty')}</p>}
        {children}
      </article>
    </section>
  );
}
