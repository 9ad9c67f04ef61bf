import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type { PageKey } from '../components/page-key';

/** Route `handle` of the app: the page whose title names the browser tab. */
export interface RouteHandle {
  /** The page, or which page the route shows by its query (one route, more than one page: the e-mailed links' page). */
  page?: PageKey | ((search: URLSearchParams) => PageKey);
}

/** Keeps document.title in step with the deepest route that names a page, in the active language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { search } = useLocation();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.page)?.handle as
    | RouteHandle
    | undefined;
  const page = typeof handle?.page === 'function' ? handle.page(new URLSearchParams(search)) : handle?.page;
  const brand = t('brand.logo');
  const title = page && page !== 'home' ? `${t(`pages.${page}.title`)} · ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);

  return null;
}
