import { describe, expect, it } from 'vitest';
import { PAGE_ALIASES } from './page-aliases';
import { isPagePath, PAGE_PATHS } from './page-paths';

describe('isPagePath', () => {
  it('is true for each page, a dynamic segment of any value, in any case, with a trailing slash', () => {
    for (const path of ['/', '/pricing', '/translate/documents', '/user/api-keys', '/admin', '/blog/first-post', '/admin/plans/42', '/sandbox/checkout/cs_abc123', '/admin/users/7f0c', '/Pricing/', '/ADMIN/PLANS/NEW']) {
      expect({ path, page: isPagePath(path) }).toEqual({ path, page: true });
    }
  });

  it('is false for any other path: near misses, extra or missing segments, an alias (a redirect), the API', () => {
    for (const path of ['/no-such-page', '/pricings', '/pric', '/blog/a/b', '/admin/plans/1/edit', '/sandbox/checkout', '/sandbox/checkout/', '/history', '/sign-in', '/api/user', '/constructor', '']) {
      expect({ path, page: isPagePath(path) }).toEqual({ path, page: false });
    }
  });

  it('takes its patterns literally, each once, none of them an alias', () => {
    expect(isPagePath('/translateXdocuments')).toBe(false);
    expect(new Set(PAGE_PATHS.map((path) => path.toLowerCase())).size).toBe(PAGE_PATHS.length);
    for (const path of PAGE_PATHS) {
      expect(path).toMatch(/^\/([a-z:-]+(\/[a-z:-]+)*)?$/);
      expect(Object.hasOwn(PAGE_ALIASES, path)).toBe(false);
    }
  });
});
