import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { helmetHeaders } from './security-headers';

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

  it('every answer carries them, and a route may set its own CSP (the sandboxed logo)', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'.*object-src 'none'/);
    expect(health.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(health.headers['referrer-policy']).toBe('no-referrer');
    expect(health.headers['permissions-policy']).toContain('camera=()');
    // http:// APP_URL in tests: no HSTS.
    expect(health.headers['strict-transport-security']).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });
});
