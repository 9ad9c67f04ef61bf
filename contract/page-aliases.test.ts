import { describe, expect, it } from 'vitest';
import { aliasedLocation, PAGE_ALIASES } from './page-aliases';

describe('aliasedLocation', () => {
  it("sends an alias to its page, with the query string given with or without its '?'", () => {
    expect(aliasedLocation('/history')).toBe('/user/translation-history');
    expect(aliasedLocation('/history', '?page=2&type=text')).toBe('/user/translation-history?page=2&type=text');
    expect(aliasedLocation('/sign-up', 'plan=pro')).toBe('/register?plan=pro');
    expect(aliasedLocation('/billing', '?')).toBe('/user/membership');
  });

  it("keeps the fragment, unless the page names its section; the query goes before the section's", () => {
    expect(aliasedLocation('/invoices', '', '#latest')).toBe('/user/invoices#latest');
    expect(aliasedLocation('/password', '?from=mail', '#top')).toBe('/user/auth-settings?from=mail#password');
    expect(aliasedLocation('/user/company')).toBe('/user/basic-info#company');
  });

  it('reads the path in any case, with one trailing slash or none', () => {
    expect(aliasedLocation('/Settings/')).toBe('/user/basic-info');
    expect(aliasedLocation('/API-KEYS')).toBe('/user/api-keys');
    expect(aliasedLocation('/settings//')).toBeNull();
  });

  it('is null for any other path: real pages, /logout, near misses, an object\'s own names', () => {
    for (const path of ['/', '/login', '/user/translation-history', '/glossary', '/logout', '/histor', '/history/old', '/constructor', '/__proto__', '/toString']) {
      expect(aliasedLocation(path)).toBeNull();
    }
  });

  it('sends each alias to a page, never to another alias', () => {
    for (const [alias, target] of Object.entries(PAGE_ALIASES)) {
      expect(alias).toBe(alias.toLowerCase());
      expect(alias).toMatch(/^\/[a-z-/]+[a-z]$/);
      expect(aliasedLocation(target.split('#')[0]!)).toBeNull();
    }
  });
});
