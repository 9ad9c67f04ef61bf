import type autocannon from 'autocannon';
import type { BenchServer } from '../server';
import type { Scenario } from './types';

/**
 * Issue 4: POST /api/translate with the dictionary engine, 50 connections, guests and
 * signed-in users, on PGlite. Target: at least 800 requests/s and p99 under 25 ms of
 * service time. The table adds the server's own service time and, apart, the engine time
 * (GET /api/admin/translation-engines).
 *
 * Everything goes through HTTP, as a client would: the admin (bench server:
 * ADMIN_PASSWORD=bench-admin-password) raises the guest quota, and the signed-in users are
 * registered (POST /mt/register) and moved to the Enterprise plan (POST /api/admin/user-plan).
 */
const ADMIN = { email: 'admin@lisan.local', password: 'bench-admin-password' };
const CONNECTIONS = 50;
const USERS = 20; // sign-ups per IP per hour are limited; 50 connections share 20 accounts

const TEXTS = [
  'The company signed the contract with our partners yesterday.',
  'Please send the invoice to the finance department before Friday.',
  'Good morning! How are you today?',
  'ذهب الولد إلى المدرسة صباحًا.',
  'شكرا لكم على الترجمة الممتازة.',
  'Free shipping on every order over fifty dollars.',
];

/** A tiny cookie-jar HTTP client with the CSRF double-submit, like the web app. */
class Client {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get csrf() {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }

  async get(path: string) {
    const response = await fetch(`${this.base}${path}`, { headers: { cookie: this.cookieHeader, 'x-requested-with': 'XMLHttpRequest' } });
    this.keep(response);
    return response;
  }

  async post(path: string, body: unknown) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/mt/csrf-cookie');
    const response = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': this.csrf, cookie: this.cookieHeader },
      body: JSON.stringify(body),
    });
    this.keep(response);
    return response;
  }
}

let admin: Promise<Client> | null = null;
function signedInAdmin(server: BenchServer) {
  admin ??= (async () => {
    const client = new Client(server.url);
    const response = await client.post('/mt/login', ADMIN);
    if (response.status !== 204) throw new Error(`bench: admin sign-in failed (${response.status} ${await response.text()})`);
    return client;
  })();
  return admin;
}

function body(n: number, extra: Record<string, unknown> = {}) {
  const text = TEXTS[n % TEXTS.length]!;
  return JSON.stringify({ text, source_lang: 'auto', target_lang: /[\u0600-\u06FF]/.test(text) ? 'en' : 'ar', domain: 'general', ...extra });
}

/** Per-connection requests: each connection cycles through the sample texts with its own cookies. */
function options(headersFor: (client: number) => Record<string, string>, bodyFor: (client: number, n: number) => string): Partial<autocannon.Options> {
  let next = 0;
  return {
    connections: CONNECTIONS,
    method: 'POST',
    setupClient: (client: any) => {
      const index = next++;
      client.setRequests(
        TEXTS.map((_, n) => ({
          method: 'POST',
          path: '/api/translate',
          body: bodyFor(index, n),
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headersFor(index) },
        })),
      );
    },
  } as Partial<autocannon.Options>;
}

async function resetStats(server: BenchServer) {
  await (await signedInAdmin(server)).post('/api/admin/translation-engines/reset-stats', {});
}

/** Service time (server side) and engine time (the dictionary engine), measured apart. */
async function timings(server: BenchServer): Promise<Record<string, string>> {
  const response = await (await signedInAdmin(server)).get('/api/admin/translation-engines');
  const { data } = (await response.json()) as {
    data: { engine_stats: Record<string, { p50Ms: number; p99Ms: number }>; service_stats: { p50Ms: number; p99Ms: number } };
  };
  const engine = data.engine_stats.dictionary ?? { p50Ms: 0, p99Ms: 0 };
  const ms = (value: number) => value.toFixed(2);
  return {
    'service p50/p99 ms': `${ms(data.service_stats.p50Ms)} / ${ms(data.service_stats.p99Ms)}`,
    'engine p50/p99 ms': `${ms(engine.p50Ms)} / ${ms(engine.p99Ms)}`,
  };
}

export const translateScenarios: Scenario[] = [
  {
    name: 'POST /api/translate (guests, dictionary engine, 50 connections)',
    path: '/api/translate',
    target: { minRequestsPerSecond: 800 },
    async prepare(server) {
      const client = await signedInAdmin(server);
      const response = await client.post('/api/admin/update-site-settings', { guest_text_quota: '100000000' });
      if (response.status !== 200) throw new Error(`bench: raising the guest quota failed (${response.status})`);
      await resetStats(server);
      const csrf = new Client(server.url);
      await csrf.get('/mt/csrf-cookie');
      return options(
        () => ({ cookie: csrf.cookieHeader, 'x-xsrf-token': csrf.csrf }),
        (client, n) => body(n, { token: `bench-guest-${client}` }),
      );
    },
    extra: timings,
  },
  {
    name: 'POST /api/translate (signed-in users, dictionary engine, 50 connections)',
    path: '/api/translate',
    target: { minRequestsPerSecond: 800 },
    async prepare(server) {
      const administrator = await signedInAdmin(server);
      const plans = (await (await administrator.get('/api/plans')).json()) as { data: Array<{ id: number; slug: string }> };
      const enterprise = plans.data.find((plan) => plan.slug === 'enterprise')!;
      const users: Client[] = [];
      for (let i = 0; i < USERS; i++) {
        const client = new Client(server.url);
        const email = `bench-${Date.now()}-${i}@example.com`;
        const response = await client.post('/mt/register', { name: `Bench ${i}`, email, password: 'bench-password-1', password_confirmation: 'bench-password-1' });
        if (response.status !== 201) {
          if (users.length) break; // the sign-up rate limit: share the accounts made so far
          throw new Error(`bench: sign-up failed (${response.status} ${await response.text()})`);
        }
        const { id } = (await response.json()) as { id: number };
        const upgraded = await administrator.post('/api/admin/user-plan', { user_id: id, plan_id: enterprise.id });
        if (upgraded.status !== 200) throw new Error(`bench: plan change failed (${upgraded.status})`);
        users.push(client);
      }
      await resetStats(server);
      return options(
        (client) => {
          const user = users[client % users.length]!;
          return { cookie: user.cookieHeader, 'x-xsrf-token': user.csrf };
        },
        (_client, n) => body(n),
      );
    },
    extra: timings,
  },
];
