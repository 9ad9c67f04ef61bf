import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { apiHeaders, helmetHeaders } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it("are helmet's, worked out once: the same object for every request", () => {
    const headers = helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } }, strictTransportSecurity: false });
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('every page carries the full set', async () => {
    // The e-mail verification's result page is the web app's, under an API prefix, with its query string.
    // /translate is also the LibreTranslate surface's POST route; its page is the web app's.
    for (const url of ['/', '/translate', '/translator', '/no-such-page', '/email/verify?status=invalid', '/email/verify']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'.*object-src 'none'/);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['permissions-policy']).toContain('camera=()');
      // http:// APP_URL in tests: no HSTS.
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("API answers carry OWASP's set for REST services, errors and unknown routes too", async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'x' } }),
      await t.app.inject({ method: 'GET', url: '/v2/languages' }),
      // The LibreTranslate surface, at the root.
      await t.app.inject({ method: 'GET', url: '/languages' }),
      await t.app.inject({ method: 'GET', url: '/frontend/settings' }),
      await t.app.inject({ method: 'POST', url: '/translate', payload: { q: 'x', source: 'en', target: 'ar', api_key: 'wrong' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['permissions-policy']).toBeUndefined();
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 419, 403, 200, 200, 403]);
  });

  it('API answers keep HSTS where pages have it', () => {
    const page = helmetHeaders({ strictTransportSecurity: true });
    expect(apiHeaders(page)['strict-transport-security']).toBe(page['strict-transport-security']);
    expect(apiHeaders(helmetHeaders({ strictTransportSecurity: false }))['strict-transport-security']).toBeUndefined();
  });
});
