import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, flattenErrors, readCookie, SESSION_CHANGING_PATHS } from './client';

interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A fake server: answers by "METHOD path" from a queue of responses, records every call. */
function fakeServer(routes: Record<string, Array<() => Response>>, cookieJar = { value: '' }) {
  const calls: RecordedCall[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      headers: { ...(init?.headers as Record<string, string>) },
      credentials: init?.credentials,
      body: init?.body,
    });
    const key = `${method} ${url.split('?')[0]}`;
    if (key === 'GET /mt/csrf-cookie') {
      cookieJar.value = `other=1; XSRF-TOKEN=${encodeURIComponent(`token+${calls.length}/=`)}`;
      return new Response(null, { status: 204 });
    }
    const queue = routes[key];
    const next = queue?.shift();
    if (!next) throw new Error(`unexpected call ${key}`);
    return next();
  };
  const client = createApiClient({ fetch: fetchImpl, readCookies: () => cookieJar.value });
  return { client, calls, cookieJar };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('flattenErrors', () => {
  it('lists every message of every field, in order', () => {
    expect(
      flattenErrors({ name: ['Name is required'], email: ['Email is required', 'wrong email'], password: 'Password is required' }),
    ).toEqual(['Name is required', 'Email is required', 'wrong email', 'Password is required']);
  });

  it('gives an empty list for no errors and drops empty messages', () => {
    expect(flattenErrors(undefined)).toEqual([]);
    expect(flattenErrors(null)).toEqual([]);
    expect(flattenErrors({ name: ['', 'Name is required'] })).toEqual(['Name is required']);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and URI-decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
  });
});

describe('api client', () => {
  it('sends credentials and the XMLHttpRequest and JSON headers, with no CSRF call for reads', async () => {
    const { client, calls } = fakeServer({ 'GET /api/plans': [() => json(200, { data: [] })] });
    await expect(client.get('/api/plans')).resolves.toEqual({ data: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0].credentials).toBe('include');
    expect(calls[0].headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(calls[0].headers.Accept).toBe('application/json');
    expect(calls[0].headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('fetches the CSRF cookie once before the first state-changing call and sends its decoded value', async () => {
    const { client, calls } = fakeServer({
      'POST /mt/login': [() => new Response(null, { status: 204 })],
      'POST /mt/logout': [() => new Response(null, { status: 204 })],
    });
    await expect(client.post('/mt/login', { email: 'a@b.c', password: 'x' })).resolves.toBeUndefined();
    await client.post('/mt/logout');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /mt/csrf-cookie',
      'POST /mt/login',
      'POST /mt/logout',
    ]);
    expect(calls[1].headers['X-XSRF-TOKEN']).toBe('token+1/=');
    expect(calls[1].headers['Content-Type']).toBe('application/json');
    expect(calls[1].body).toBe(JSON.stringify({ email: 'a@b.c', password: 'x' }));
    expect(calls[2].headers['X-XSRF-TOKEN']).toBe('token+1/=');
    expect(calls[0].credentials).toBe('include');
  });

  it('shares one CSRF call between concurrent first mutations', async () => {
    const ok = () => new Response(null, { status: 204 });
    const { client, calls } = fakeServer({ 'POST /api/a': [ok], 'POST /api/b': [ok] });
    await Promise.all([client.post('/api/a'), client.post('/api/b')]);
    expect(calls.filter((call) => call.url === '/mt/csrf-cookie')).toHaveLength(1);
  });

  it('on 419 refetches the cookie once and retries with the new token', async () => {
    const { client, calls } = fakeServer({
      'POST /api/feedback': [() => json(419, { message: 'CSRF token mismatch.' }), () => json(200, { status: 200, message: 'thanks' })],
    });
    await expect(client.post('/api/feedback', { message: 'hi' })).resolves.toEqual({ status: 200, message: 'thanks' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /mt/csrf-cookie',
      'POST /api/feedback',
      'GET /mt/csrf-cookie',
      'POST /api/feedback',
    ]);
    expect(calls[3].headers['X-XSRF-TOKEN']).toBe('token+3/=');
  });

  it('holds a write that starts while a sign-out is on its way until it is answered, then sends the new token', async () => {
    const cookieJar = { value: 'XSRF-TOKEN=old' };
    const calls: Array<{ key: string; token: string | undefined }> = [];
    let answerLogout!: () => void;
    const fetchImpl: typeof fetch = async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push({ key, token: (init?.headers as Record<string, string>)['X-XSRF-TOKEN'] });
      if (key === 'GET /mt/csrf-cookie') return new Response(null, { status: 204 });
      if (key === 'POST /mt/logout') {
        await new Promise<void>((resolve) => (answerLogout = resolve));
        cookieJar.value = 'XSRF-TOKEN=new'; // The answer's Set-Cookie: a token for no session.
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 204 });
    };
    const client = createApiClient({ fetch: fetchImpl, readCookies: () => cookieJar.value });
    const logout = client.post('/mt/logout');
    const pageView = client.post('/api/analytics/page-views', { path: '/' });
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain('POST /mt/logout'));
    // Let every pending step run: the page view must still be waiting.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((call) => call.key)).toEqual(['GET /mt/csrf-cookie', 'POST /mt/logout']);
    answerLogout();
    await Promise.all([logout, pageView]);
    expect(calls).toEqual([
      { key: 'GET /mt/csrf-cookie', token: undefined },
      { key: 'POST /mt/logout', token: 'old' },
      { key: 'POST /api/analytics/page-views', token: 'new' },
    ]);
  });

  it('holds writes behind a sign-in too, and a failed one releases them; reads never wait', async () => {
    const cookieJar = { value: 'XSRF-TOKEN=guest' };
    const order: string[] = [];
    let answerLogin!: () => void;
    const fetchImpl: typeof fetch = async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      order.push(`${key} ${(init?.headers as Record<string, string>)['X-XSRF-TOKEN'] ?? ''}`.trim());
      if (key === 'POST /mt/login') {
        await new Promise<void>((resolve) => (answerLogin = resolve));
        return json(422, { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } });
      }
      if (key === 'GET /api/plans') return json(200, { data: [] });
      return new Response(null, { status: 204 });
    };
    const client = createApiClient({ fetch: fetchImpl, readCookies: () => cookieJar.value });
    const login = client.post('/mt/login', { email: 'a@b.c', password: 'x' });
    const write = client.post('/api/analytics/page-views', { path: '/login' });
    await vi.waitFor(() => expect(order).toContain('POST /mt/login guest'));
    await expect(client.get('/api/plans')).resolves.toEqual({ data: [] });
    expect(order).not.toContain('POST /api/analytics/page-views guest');
    answerLogin();
    await expect(login).rejects.toMatchObject({ status: 422 });
    await write;
    expect(order).toEqual(['GET /mt/csrf-cookie', 'POST /mt/login guest', 'GET /api/plans', 'POST /api/analytics/page-views guest']);
  });

  it('knows the calls that start or end a session', () => {
    expect([...SESSION_CHANGING_PATHS].sort()).toEqual(['/api/user/delete-account', '/mt/login', '/mt/logout', '/mt/register']);
  });

  it('gives up after one retry when the answer stays 419', async () => {
    const { client } = fakeServer({
      'POST /api/feedback': [() => json(419, { message: 'CSRF token mismatch.' }), () => json(419, { message: 'CSRF token mismatch.' })],
    });
    await expect(client.post('/api/feedback')).rejects.toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
  });

  it('turns a 422 into an ApiError with field errors and flattened messages', async () => {
    const { client } = fakeServer({
      'POST /mt/register': [
        () => json(422, { message: 'Name is required', errors: { name: ['Name is required'], email: ['wrong email'] } }),
      ],
    });
    const error = await client.post('/mt/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.errors).toEqual({ name: ['Name is required'], email: ['wrong email'] });
    expect(apiError.messages).toEqual(['Name is required', 'wrong email']);
  });

  it('keeps the 402 type and message and the error_codes of a refused subscription', async () => {
    const { client } = fakeServer({
      'POST /api/translate': [() => json(402, { status: 402, type: 'char_limit', message: 'Your translation exceeds the character limit' })],
      'POST /api/user/subscribe': [() => json(400, { error_codes: ['card_declined', 'other'] })],
    });
    const limit = (await client.post('/api/translate', { text: 'x' }).catch((caught: unknown) => caught)) as ApiError;
    expect(limit.status).toBe(402);
    expect(limit.type).toBe('char_limit');
    expect(limit.message).toBe('Your translation exceeds the character limit');
    expect(limit.remaining).toBeNull();
    const refused = (await client.post('/api/user/subscribe', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(refused.errorCodes).toEqual(['card_declined', 'other']);
  });

  it("keeps a 402's remaining (what is left of the limit), a whole number or nothing", async () => {
    const { client } = fakeServer({
      'POST /api/websites/1/translate': [
        () => json(402, { status: 402, type: 'web_pages', message: 'Web pages left this month: 3 of 10.', remaining: 3 }),
        () => json(402, { status: 402, type: 'web_pages', message: 'x', remaining: '3' }),
      ],
    });
    const refused = () => client.post('/api/websites/1/translate', {}).catch((caught: unknown) => caught) as Promise<ApiError>;
    expect((await refused()).remaining).toBe(3);
    expect((await refused()).remaining).toBeNull();
  });

  it('falls back to the status text, then to the spec message, when the body has none', async () => {
    const { client } = fakeServer({
      'GET /api/user': [
        () => new Response('<html>oops</html>', { status: 500, statusText: 'Internal Server Error' }),
        () => new Response('', { status: 500 }),
      ],
    });
    await expect(client.get('/api/user')).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' });
    await expect(client.get('/api/user')).rejects.toMatchObject({ status: 500, message: 'Whoops! Something went wrong.' });
  });

  it("tells the server's own words from an answer that has none: a gateway's page for a server that is down, or no connection, is 'unreachable'", async () => {
    const { client } = fakeServer({
      'GET /api/user': [
        () => new Response('<html>502 Bad Gateway</html>', { status: 503, statusText: 'Service Unavailable' }),
        () => new Response(JSON.stringify({ message: 'Lisan is briefly unavailable.' }), { status: 503, headers: { 'content-type': 'application/json' } }),
        () => new Response('<html>too large</html>', { status: 413, statusText: 'Payload Too Large' }),
      ],
    });
    const gateway = (await client.get('/api/user').catch((caught: unknown) => caught)) as ApiError;
    expect([gateway.spoken, gateway.unreachable]).toEqual([false, true]);
    const envelope = (await client.get('/api/user').catch((caught: unknown) => caught)) as ApiError;
    expect([envelope.spoken, envelope.unreachable, envelope.message]).toEqual([true, false, 'Lisan is briefly unavailable.']);
    const refused = (await client.get('/api/user').catch((caught: unknown) => caught)) as ApiError;
    expect([refused.spoken, refused.unreachable]).toEqual([false, false]);
    const offline = createApiClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')), readCookies: () => '' });
    const failed = (await offline.get('/api/plans').catch((caught: unknown) => caught)) as ApiError;
    expect([failed.spoken, failed.unreachable]).toEqual([false, true]);
  });

  it('reports a network failure as status 0', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      readCookies: () => '',
    });
    await expect(client.get('/api/plans')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('adds query parameters, skipping empty ones, and sends FormData as it is', async () => {
    const { client, calls } = fakeServer({
      'GET /api/user/translation-history': [() => json(200, { data: [] })],
      'POST /api/count-words': [() => json(200, { status: 200, words: 3 })],
    });
    await client.get('/api/user/translation-history', { query: { page: 2, q: undefined, type: 'text' } });
    expect(calls[0].url).toBe('/api/user/translation-history?page=2&type=text');
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.docx');
    await client.post('/api/count-words', form);
    const upload = calls.find((call) => call.url === '/api/count-words');
    expect(upload?.body).toBe(form);
    expect(upload?.headers['Content-Type']).toBeUndefined();
  });
});
