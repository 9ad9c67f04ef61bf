import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: { MODELS_SOURCE_URL: 'http://127.0.0.1:9/v1', ENGINE_CHAIN: 'local,dictionary', ENGINE_CHAIN_LEGAL: 'llm,dictionary' }, startQueue: true });
  const user = await createUser(t.container, { name: 'Root', email: 'root-engines@lisan.test', role_id: 1 });
  admin = await t.client().signInAs(user.id);
});
afterAll(() => t.close());

describe('admin Engines screen API', () => {
  it.each([
    ['GET', '/api/admin/engines', undefined],
    ['POST', '/api/admin/engines/check', { force: false }],
  ] as const)('%s %s: 401 for guests, 403 for members', async (method, url, body) => {
    expect((await t.client().request({ method, url, payload: body })).statusCode).toBe(401);
    const member = await createUser(t.container, { role_id: 2 });
    expect((await (await t.client().signInAs(member.id)).request({ method, url, payload: body })).statusCode).toBe(403);
  });

  it('GET /api/admin/engines: the chain and active engine per direction and domain, model and download state', async () => {
    // MODELS_AUTO_DOWNLOAD=false: the worker recorded both directions as disabled at start.
    expect((await admin.get('/api/admin/engines')).json().data.directions.map((d: { download: { state: string } }) => d.download.state)).toEqual(['disabled', 'disabled']);
    await t.container.database.db
      .updateTable('engine_models')
      .where('direction', '=', 'en-ar')
      .set({ state: 'downloading', version: '1.0', files: JSON.stringify([{ name: 'model.enar.bin', file_type: 'model', size: 200, bytes: 50 }]), bytes_total: 400, bytes_done: 50, attempts: 1, last_error: 'cannot reach http://127.0.0.1:9/v1/ (ECONNREFUSED)' })
      .execute();
    const response = await admin.get('/api/admin/engines');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.source_url).toBe('http://127.0.0.1:9/v1');
    expect(data.auto_download).toBe(false);
    const enar = data.directions.find((d: { direction: string }) => d.direction === 'en-ar');
    expect(enar.domains).toContainEqual({ domain: 'general', chain: ['local', 'dictionary'], active: 'dictionary' });
    expect(enar.domains).toContainEqual({ domain: 'legal', chain: ['llm', 'dictionary'], active: 'dictionary' });
    expect(enar.model).toBeNull();
    expect(enar.download).toMatchObject({ state: 'downloading', percent: 12, files: [{ name: 'model.enar.bin', percent: 25 }], last_error: 'cannot reach http://127.0.0.1:9/v1/ (ECONNREFUSED)' });
    expect(data.directions.find((d: { direction: string }) => d.direction === 'ar-en').download).toMatchObject({ state: 'disabled', percent: null });
  });

  it('POST /api/admin/engines/check queues the download in the worker and records the action in the audit log', async () => {
    const response = await admin.post('/api/admin/engines/check', { force: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, message: 'Checking for translation models. Progress appears on this screen.' });
    const jobs = await t.container.database.db.selectFrom('pgboss.job' as never).select(['name' as never, 'data' as never]).where('name' as never, '=', 'models-provision' as never).execute();
    expect(jobs).toEqual([{ name: 'models-provision', data: { force: true } }]);
    const audit = await admin.get('/api/admin/audit-log?action=engines.models.redownload');
    expect(audit.json().data[0]).toMatchObject({ action: 'engines.models.redownload', target_type: 'engines' });
  });

  it('POST /api/admin/engines/check refuses a malformed body with the error envelope', async () => {
    const response = await admin.post('/api/admin/engines/check', { force: 'yes please' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['force']);
    expect(typeof response.json().message).toBe('string');
  });
});
