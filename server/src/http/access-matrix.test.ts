import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

/**
 * The permission matrix of every admin route the application registers, read from the
 * router itself (so a new admin route is covered without editing this test): guests get
 * 401, every role but admin 403, and the admin gets past the check.
 */
let t: TestApp;
const clients: Record<number, TestClient> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of [1, 2, 3, 4, 5]) clients[role] = await t.client().signInAs((await createUser(t.container, { role_id: role })).id);
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('admin route matrix', () => {
  it('declares admin access on every /api/admin route, and nothing else declares it', () => {
    const admin = t.app.routeAccess.filter((route) => route.url.startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThan(10);
    expect(admin.filter((route) => route.access !== 'admin')).toEqual([]);
  });

  it('answers 401 to guests, 403 to roles 2-5, and lets the admin through', async () => {
    const routes = t.app.routeAccess.filter((route) => route.access === 'admin');
    for (const route of routes) {
      const url = concrete(route.url);
      const call = (client: TestClient) => client.request({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      expect((await call(t.client())).statusCode, `guest ${route.method} ${url}`).toBe(401);
      for (const role of [2, 3, 4, 5]) expect((await call(clients[role]!)).statusCode, `role ${role} ${route.method} ${url}`).toBe(403);
      expect([401, 403], `admin ${route.method} ${url}`).not.toContain((await call(clients[1]!)).statusCode);
    }
  });
});
