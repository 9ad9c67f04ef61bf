// The web app's pages, as path patterns: the one table both sides read. The server answers a GET of an address that is
// none of them with 404 (still the app's page, which shows its "not found" page; server/src/app.ts), so crawlers and
// link checkers see a broken link; web/src/app/router.test.tsx holds the router's routes to exactly this table. Imports
// nothing (like page-aliases.ts), so the web app may import its values.

/**
 * Every page of the web app's router (spec section 2), as the router writes it: ":name" is a segment of any value (the
 * page itself says "not found" for an unknown one: the server reads no database for this). Not here: the aliases of
 * contract/page-aliases.ts (redirects, not pages), and the "not found" route itself.
 */
export const PAGE_PATHS: readonly string[] = [
  '/',
  '/pricing',
  '/translate',
  '/translate/documents',
  '/check-email',
  '/email/verify',
  '/terms',
  '/privacy',
  '/invitation',
  '/about',
  '/careers',
  '/contact',
  '/faqs',
  '/help',
  '/blog',
  '/blog/:slug',
  '/case-studies',
  '/case-studies/:slug',
  '/human-translation',
  '/developers',
  '/sandbox/checkout/:id',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/team',
  '/web-extraction',
  '/user/translation-history',
  '/glossary',
  '/user/basic-info',
  '/user/auth-settings',
  '/user/payment-management',
  '/user/membership',
  '/user/history-settings',
  '/user/api-keys',
  '/user/invoices',
  '/user/billing-card',
  '/checkout/return',
  '/checkout/hyperpay',
  '/admin',
  '/admin/plans',
  '/admin/plans/new',
  '/admin/plans/:id',
  '/admin/users',
  '/admin/users/:id',
  '/admin/site-settings',
  '/admin/audit-log',
  '/admin/content',
  '/admin/content/new',
  '/admin/content/:id',
  '/admin/requests',
  '/admin/analytics',
  '/admin/replays',
  '/admin/replays/:id',
  '/admin/engines',
];

/** A pattern as a regular expression, matched as the router matches: any case, any trailing slashes. */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/*$`, 'i');
}

const PATTERNS = PAGE_PATHS.map(patternOf);

/** Whether a path (without its query string) is one of the app's pages: "/blog/any-slug" is, "/blog/a/b" is not. */
export function isPagePath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
