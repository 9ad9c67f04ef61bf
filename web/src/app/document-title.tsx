import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type { PageKey } from '../components/page-key';

/** Route `handle` of the app: the page whose title names the browser tab. */
export interface RouteHandle {
  /** The page, or which page the route shows by its query (one route, more than one page: the e-mailed links' page). */
  page?: PageKey | ((search: URLSearchParams) => PageKey);
}

// The title a shown page gives itself from its content (a post's title), over its route's.
let contentTitle: string | null = null;
const titleListeners = new Set<() => void>();
function setContentTitle(title: string | null) {
  contentTitle = title;
  for (const listener of titleListeners) listener();
}
function subscribeToContentTitle(listener: () => void) {
  titleListeners.add(listener);
  return () => void titleListeners.delete(listener);
}

/**
 * Names the browser tab after the page's content while the page is shown (a blog post's own title rather than
 * "Blog"), for bookmarks, history and shared links; the route's title comes back when it goes.
 */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setContentTitle(title);
    return () => setContentTitle(null);
  }, [title]);
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
  const ownTitle = useSyncExternalStore(subscribeToContentTitle, () => contentTitle);
  const brand = t('brand.logo');
  const title = ownTitle ? `${ownTitle} · ${brand}` : page && page !== 'home' ? `${t(`pages.${page}.title`)} · ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);

  return null;
}
