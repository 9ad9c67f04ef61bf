// The addresses people type or guess for a page (/history, /account, /sign-in) and the page each one is: the one
// table both sides read. The server answers a GET of one with a 301 to its page (server/src/app.ts, before the web
// app's fallback), the web app's router sends an in-app link the same way (web/src/app/router.tsx). Imports nothing
// (like dates.ts), so the web app may import its values. An address not in the table is still the "not found" page.

/**
 * Natural address → the spec's page (spec section 2). Lower case, no trailing slash; a target may name a section of its
 * page (#password). Not here: /logout (a GET must not sign anyone out, and a redirect that did not would mislead;
 * signing out is the header's button), and anything the API or the key surfaces answer at the root.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  '/history': '/user/translation-history',
  '/translation-history': '/user/translation-history',
  '/account': '/user/basic-info',
  '/settings': '/user/basic-info',
  '/profile': '/user/basic-info',
  '/user': '/user/basic-info',
  '/user/profile': '/user/basic-info',
  '/user/settings': '/user/basic-info',
  '/user/company': '/user/basic-info#company',
  '/password': '/user/auth-settings#password',
  '/user/password': '/user/auth-settings#password',
  '/user/password-settings': '/user/auth-settings#password',
  '/user/social-links': '/user/auth-settings#social-links',
  '/billing': '/user/membership',
  '/subscription': '/user/membership',
  '/membership': '/user/membership',
  '/payment-management': '/user/payment-management',
  '/payments': '/user/payment-management',
  '/invoices': '/user/invoices',
  '/api-keys': '/user/api-keys',
  '/history-settings': '/user/history-settings',
  '/glossaries': '/glossary',
  '/plans': '/pricing',
  '/documents': '/translate/documents',
  '/translator': '/translate',
  '/websites': '/web-extraction',
  '/faq': '/faqs',
  '/signin': '/login',
  '/sign-in': '/login',
  '/signup': '/register',
  '/sign-up': '/register',
};

/** The table's key for a path as typed: any case (the web app's routes match so), one trailing slash or none. */
function aliasKey(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/**
 * Where an alias's address goes, its query string kept (`search`, with or without its "?") and its fragment kept unless
 * the page names a section: "/history?page=2" → "/user/translation-history?page=2"; "/password?x=1" →
 * "/user/auth-settings?x=1#password". Null for a path that is no alias.
 */
export function aliasedLocation(pathname: string, search = '', hash = ''): string | null {
  const key = aliasKey(pathname);
  if (!Object.hasOwn(PAGE_ALIASES, key)) return null;
  const target = PAGE_ALIASES[key]!;
  const at = target.indexOf('#');
  const page = at < 0 ? target : target.slice(0, at);
  const section = at < 0 ? hash : target.slice(at);
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return `${page}${query}${section}`;
}
