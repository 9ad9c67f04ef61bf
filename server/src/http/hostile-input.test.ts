// Every route of the OpenAPI document, sent bodies, queries and path values of the wrong shape
// by a signed-in admin and a team owner (the routes' two widest audiences), and the developer
// API's routes with a valid key: each answers with a 4xx in its surface's error shape (the
// contract's `message`, DeepL's `message`, LibreTranslate's `error`), never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { createPlan, createTeam, createUser } from '../../test/documents-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { openApiJson } from '../../test/openapi';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
type Operation = { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: Schema }> } };

/** LibreTranslate's routes (its error shape is `{"error"}`; the key goes in the body). */
const LIBRE = ['/translate', '/detect', '/languages', '/translate_file', '/frontend/settings', '/download_file/{userId}/{projectId}/{signature}'];
/** Routes that end the session or the account whatever the body: left out (their own tests cover them). */
const SKIPPED = /logout|delete-account|webhook/;

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  paths = (JSON.parse(await openApiJson()) as { paths: typeof paths }).paths;
  t = await createTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '100000' } });
}, 60_000);
afterAll(() => t.close());

const schemaType = (schema: Schema | undefined) => (Array.isArray(schema?.type) ? schema.type.find((type) => type !== 'null') : schema?.type);

/** A body sent as it is, with its own content type (not JSON-encoded). */
const RAW = Symbol('raw');
type Raw = { [RAW]: string; type: string };
const raw = (body: string, type: string): Raw => ({ [RAW]: body, type });
/** Broken or unexpected encodings: malformed JSON, a bad form encoding, a text body, deep nesting. */
const RAW_BODIES = [
  raw('{"text": "Hello",', 'application/json'),
  raw('text=%ZZ&source_lang=en&&=', 'application/x-www-form-urlencoded'),
  raw('Hello', 'text/plain'),
  raw(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
  raw('{"a":1}', 'application/json; charset=utf-16'),
];

/** A value the route may accept, so that one wrong field is checked past the others. */
function plausible(schema: Schema | undefined, name = ''): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  switch (schemaType(schema)) {
    case 'string':
      return /email/.test(name) ? 'someone@example.com' : /lang/.test(name) ? 'en' : /url/.test(name) ? 'https://example.com/' : /password/.test(name) ? 'password123' : 'Hello';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema?.items, name)];
    case 'object':
      return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]));
    case undefined:
    default:
      return 'Hello';
  }
}

/** Values of the wrong type or size for a field of this schema. */
function wrong(schema: Schema | undefined): unknown[] {
  switch (schemaType(schema)) {
    case 'string':
      return [12, {}, ['a'], 'x'.repeat(100_000), '\u0000', null];
    case 'integer':
    case 'number':
      return ['x', -1, 1e308, 1.5, {}, null, '99999999999999999999'];
    case 'boolean':
      return ['yes', 2, {}, null];
    case 'array':
      return ['x', {}, [null], new Array(10_000).fill('a'), [{}]];
    case 'object':
      return ['x', [], null];
    case undefined:
    default:
      return ['x', 12, null, {}, []];
  }
}

function bodiesFor(method: string, operation: Operation): unknown[] {
  if (method === 'get') return [undefined];
  const schema = operation.requestBody?.content['application/json']?.schema;
  const bodies: unknown[] = [undefined, null, [], 'x', 12, {}, JSON.parse('{"__proto__":{"polluted":true}}'), JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'), ...RAW_BODIES];
  if (!schema?.properties) return bodies;
  const base = plausible(schema) as Record<string, unknown>;
  bodies.push(base);
  for (const [name, property] of Object.entries(schema.properties)) for (const value of wrong(property)) bodies.push({ ...base, [name]: value });
  return bodies;
}

function queriesFor(operation: Operation): string[] {
  const queries = [''];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const name = parameter.name;
    queries.push(`?${name}=a&${name}=b`, `?${name}=${'9'.repeat(400)}`, `?${name}[x]=1`, `?${name}=%00`);
  }
  return queries;
}

const urlsFor = (path: string) => (path.includes('{') ? ['1', 'abc', '99999999999999999999', '%00', '..%2F..'].map((value) => path.replace(/\{[^}]+\}/g, value)) : [path]);

/** Sends every hostile variant of every selected route as `actor()` (a fresh account per route); returns what went wrong. */
async function sweep(select: (path: string) => boolean, actor: () => Promise<UserRow>) {
  const failures: string[] = [];
  let sent = 0;
  for (const [path, methods] of Object.entries(paths)) {
    if (!select(path) || SKIPPED.test(path)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const user = await actor();
      const client = t.client();
      await client.signInAs(user.id);
      client.cookies.set('locale', '..%2F..%2Fetc');
      const deepl = path.startsWith('/v2/');
      const libre = LIBRE.includes(path);
      const key = deepl || libre ? ((await client.post('/api/user/api-keys', { name: 'hostile' })).json().data.key as string) : '';
      for (const url of urlsFor(path)) {
        for (const query of queriesFor(operation)) {
          // A query is varied on its own (no body); the bodies go with the plain URL.
          for (const body of query ? [undefined] : bodiesFor(method, operation)) {
            const payload = libre && body && typeof body === 'object' && !Array.isArray(body) ? { api_key: key, ...body } : body;
            // A malformed language preference rides along on every request (the locale is resolved for each).
            const headers: Record<string, string> = { 'accept-language': 'zz-ZZ;q=abc, *;q=0, ar;q=2, en-;q=', ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...(deepl ? { authorization: `DeepL-Auth-Key ${key}` } : {}) };
            const request = { method: method.toUpperCase() as 'GET', url: url + query, headers, ...(payload !== undefined ? { payload: typeof payload === 'object' && payload !== null && RAW in payload ? (payload as Raw)[RAW] : JSON.stringify(payload) } : {}) };
            if (typeof payload === 'object' && payload !== null && RAW in payload) headers['content-type'] = (payload as Raw).type;
            // Key routes are called as their clients call them: no session, no CSRF token.
            const response = deepl || libre ? await t.app.inject(request) : await client.request(request);
            sent++;
            const what = `${method.toUpperCase()} ${url}${query} ${JSON.stringify(body)?.slice(0, 60)} -> ${response.statusCode} ${response.body.slice(0, 160)}`;
            if (response.statusCode >= 500) failures.push(what);
            else if (response.statusCode >= 400 && response.headers['content-type']?.toString().startsWith('application/json')) {
              const parsed = JSON.parse(response.body) as Record<string, unknown>;
              if (typeof parsed[libre ? 'error' : 'message'] !== 'string') failures.push(`error shape: ${what}`);
            } else if (response.statusCode >= 400 && response.statusCode !== 404) failures.push(`not JSON: ${what}`);
          }
        }
      }
    }
  }
  return { failures, sent };
}

describe('every route under hostile input', () => {
  it('admin routes, as an admin', { timeout: 300_000 }, async () => {
    const { failures, sent } = await sweep(
      (path) => path.startsWith('/api/admin'),
      () => createUser(t).then((user) => t.container.database.db.updateTable('users').set({ role_id: 1 }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow()),
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });

  it('every other route, as the owner of a team (the developer API with a key of theirs)', { timeout: 300_000 }, async () => {
    const plan = await createPlan(t, { llm_enabled: true, api_enabled: true });
    const { failures, sent } = await sweep(
      (path) => !path.startsWith('/api/admin'),
      async () => {
        const owner = await createUser(t, { planId: plan.id });
        await createTeam(t, owner, [{ user: await createUser(t), role: 5 }]);
        return owner;
      },
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2500);
  });

  it('every write route, the same plausible request sent three times at once (a double click, a retry)', { timeout: 300_000 }, async () => {
    const plan = await createPlan(t, { llm_enabled: true, api_enabled: true });
    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(paths)) {
      // Admin routes change what every account shares (plans, settings): the first sweep covers them.
      if (SKIPPED.test(path) || path.startsWith('/v2/') || LIBRE.includes(path) || path.startsWith('/api/admin')) continue;
      const operation = methods.post;
      if (!operation) continue;
      const schema = operation.requestBody?.content['application/json']?.schema;
      const body = schema?.properties ? plausible(schema) : {};
      const owner = await createUser(t, { planId: plan.id });
      await createTeam(t, owner, [{ user: await createUser(t), role: 5 }]);
      const client = t.client();
      await client.signInAs(owner.id);
      const url = urlsFor(path)[0]!;
      const responses = await Promise.all([0, 1, 2].map(() => client.request({ method: 'POST', url, payload: body as object, remoteAddress: '198.51.100.9' })));
      sent += responses.length;
      for (const response of responses) if (response.statusCode >= 500) failures.push(`POST ${url} ${JSON.stringify(body).slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(150);
  });

  it('the upload routes, sent broken or hostile multipart bodies', { timeout: 300_000 }, async () => {
    const plan = await createPlan(t, { llm_enabled: true, api_enabled: true });
    const uploads = [
      ...Object.entries(paths).flatMap(([path, methods]) => Object.values(methods).some((operation) => operation.requestBody?.content['multipart/form-data']) ? [path] : []),
      // The developer API's uploads (read by the same multipart reader; glossary imports take JSON).
      '/v2/document',
      '/translate_file',
    ];
    expect(uploads).toEqual(expect.arrayContaining(['/api/doc/translate', '/api/websites/{id}/import']));
    const boundary = '----hostile';
    const part = (headers: string, body: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
    const file = (name: string, content: string | Buffer, field = 'file') => part(`Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream`, content);
    const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const fields = Buffer.concat([field('source_lang', 'en'), field('target_lang', 'ar'), field('model', 'general'), field('frontendModel', 'General')]);
    const bodies: Array<[string, Buffer]> = [
      ['no closing boundary', Buffer.concat([fields, file('a.docx', 'PK\u0003\u0004')])],
      ['an empty file', Buffer.concat([fields, file('a.docx', ''), end])],
      ['a path in the file name', Buffer.concat([fields, file('../../../../etc/passwd.docx', 'PK\u0003\u0004broken'), end])],
      ['NUL and a bidi override in the file name', Buffer.concat([fields, file('a\u0000b\u202Excod.docx', 'PK\u0003\u0004broken'), end])],
      ['two files', Buffer.concat([fields, file('a.docx', 'x'), file('b.xlsx', 'y'), end])],
      ['the file sent as a plain field', Buffer.concat([fields, field('file', 'not a file'), end])],
      ['a 1 MB field', Buffer.concat([field('source_lang', 'e'.repeat(1_000_000)), file('a.txt', 'x'), end])],
      ['a file of random bytes named .pdf', Buffer.concat([fields, file('a.pdf', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))), end])],
      ['headers without a name', Buffer.concat([part('Content-Disposition: form-data', 'x'), end])],
    ];
    const failures: string[] = [];
    const cutOff: Array<[string, number, string]> = [];
    for (const path of uploads) {
      const owner = await createUser(t, { planId: plan.id });
      await createTeam(t, owner, []);
      const client = t.client();
      await client.signInAs(owner.id);
      const deepl = path.startsWith('/v2/');
      const libre = LIBRE.includes(path);
      const key = deepl || libre ? ((await client.post('/api/user/api-keys', { name: 'hostile' })).json().data.key as string) : '';
      for (const [what, body] of bodies) {
        const payload = libre ? Buffer.concat([field('api_key', key), body]) : body;
        const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(deepl ? { authorization: `DeepL-Auth-Key ${key}` } : {}) };
        // From an address of its own: the sweeps above used up the per-address upload limits of the default one.
        const request = { method: 'POST' as const, url: path.replace(/\{[^}]+\}/g, '1'), headers, payload, remoteAddress: '198.51.100.7' };
        const response = deepl || libre ? await t.app.inject(request) : await client.request(request);
        const line = `${path} (${what}) -> ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (what === 'no closing boundary') cutOff.push([path, response.statusCode, (JSON.parse(response.body) as Record<string, string>)[libre ? 'error' : 'message']!]);
        if (response.statusCode >= 500) failures.push(line);
        else if (response.statusCode >= 400 && response.headers['content-type']?.toString().startsWith('application/json')) {
          if (typeof (JSON.parse(response.body) as Record<string, unknown>)[libre ? 'error' : 'message'] !== 'string') failures.push(`error shape: ${line}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // An upload cut off on the way is the client's broken request (400) on every surface, in its words.
    expect(cutOff.length).toBe(uploads.length);
    for (const [path, status, message] of cutOff) expect([path, status, message]).toEqual([path, 400, 'The upload was cut off or is not a valid form. Please try again.']);
  });
});
