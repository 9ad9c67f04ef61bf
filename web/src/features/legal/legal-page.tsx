import { ContentPage } from '../content/content-page';

/**
 * /terms and /privacy: the texts the admin keeps in the site settings, rendered from
 * Markdown by the server like every other content page (one renderer, one sanitizer).
 */
export function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  return <ContentPage slug={document} page={document} />;
}
