import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_ALIASES } from '../../../contract/page-aliases';
import { isPagePath, PAGE_PATHS } from '../../../contract/page-paths';
import { routes } from './router';

// The app's i18n start-up reads the browser's cookies; nothing here renders.
vi.mock('../i18n/use-language', () => import('../i18n/use-language.test-support'));

// The app's own routes in a memory router: an alias's loader redirects before anything renders.
async function landing(address: string) {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
  const { pathname, search, hash } = router.state.location;
  router.dispose();
  return `${pathname}${search}${hash}`;
}

describe('the router sends a typed address to its page (contract/page-aliases)', () => {
  it('every alias of the shared table, to its page, which is one of the app\'s (not the "not found" page)', async () => {
    for (const [alias, page] of Object.entries(PAGE_ALIASES)) {
      expect(await landing(alias)).toBe(page);
      expect(matchRoutes(routes, page)?.at(-1)?.route.path).not.toBe('*');
    }
    expect(matchRoutes(routes, '/no-such-page')?.at(-1)?.route.path).toBe('*');
  });

  // A loader reads no fragment (react-router's request has none): the app's own links name the pages themselves.
  it('keeps the query string; a section the page names is its fragment', async () => {
    expect(await landing('/history?type=document&page=2')).toBe('/user/translation-history?type=document&page=2');
    expect(await landing('/sign-in?next=%2Fteam')).toBe('/login?next=%2Fteam');
    expect(await landing('/password?from=mail#top')).toBe('/user/auth-settings?from=mail#password');
  });

  it('in any case and with a trailing slash, as the routes match', async () => {
    expect(await landing('/Account/')).toBe('/user/basic-info');
    expect(await landing('/SIGNUP')).toBe('/register');
  });

  it('leaves an unknown address, and the real pages, where they are', async () => {
    expect(await landing('/no-such-page')).toBe('/no-such-page');
    expect(await landing('/logout')).toBe('/logout');
    expect(await landing('/histories')).toBe('/histories');
    expect(await landing('/user/translation-history?page=2')).toBe('/user/translation-history?page=2');
    expect(await landing('/glossary')).toBe('/glossary');
  });
});

/** The full path of every page of a route tree: its leaves (an index route is its parent's), not the aliases' redirects nor "*". */
function pagePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const full = route.index ? parent || '/' : route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    if (route.children) return pagePaths(route.children, full);
    if (route.path === '*' || Object.hasOwn(PAGE_ALIASES, full)) return [];
    return [full];
  });
}

describe("the router's pages are the server's (contract/page-paths)", () => {
  // The server answers 404 for any other address: a page added here and not there would be a "broken link" to crawlers.
  it('the table lists every page of the route tree, each once, and nothing else', () => {
    const pages = pagePaths(routes);
    expect(new Set(pages).size).toBe(pages.length);
    expect([...pages].sort()).toEqual([...PAGE_PATHS].sort());
  });

  it('an address is a page for the server exactly when the router shows a page for it, not its "not found" page', () => {
    const pages = PAGE_PATHS.flatMap((page) => {
      const address = page.replace(/:\w+/g, 'any-value-42');
      return [address, address.toUpperCase(), `${address}/`.replace(/^\/\/$/, '/')];
    });
    const others = ['/no-such-page', '/no/such/page', '/blog/a-post/comments', '/admin/plans/1/edit', '/pricings', '/user/basic', '/sandbox/checkout', '/sandbox/checkout/'];
    for (const address of [...pages, ...others]) {
      const page = matchRoutes(routes, address)?.at(-1)?.route.path !== '*';
      expect({ address, page: isPagePath(address) }).toEqual({ address, page });
    }
    for (const address of others) expect({ address, page: isPagePath(address) }).toEqual({ address, page: false });
  });
});
