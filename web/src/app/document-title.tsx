import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { PageKey } from '../components/page-key';

/** Route `handle` of the app: the page whose title names the browser tab. */
export interface RouteHandle {
  page?: PageKey;
}

/** Keeps document.title in step with the deepest route that names a page, in the active language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const page = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.page)?.handle as
    | RouteHandle
    | undefined;
  const brand = t('brand.logo');
  const title = page?.page && page.page !== 'home' ? `${t(`pages.${page.page}.title`)} · ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);

  return null;
}
