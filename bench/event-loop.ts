// API responsiveness while the largest document translates (issue 17 item 2): the one-process
// server (PGlite, `npm start`) translates a generated 300-page DOCX (~150k words, the largest
// a paid plan takes) while this probe calls /api/health, /api/plans and /api/user one after
// another; it prints p50 / p99 / max latency per route. Targets: p99 < 100 ms, max < 500 ms.
// On a loaded machine the numbers are indicative only.
//
//   node --import tsx bench/event-loop.ts          (npm run bench runs it last)
import fs from 'node:fs/promises';
import path from 'node:path';
import { generateDocx } from './documents';
import { Client, signedInAdmin } from './scenarios/translate';
import { startServer, type BenchServer } from './server';

export interface LatencyRow {
  route: string;
  calls: number;
  p50: number;
  p99: number;
  max: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function uploadDocument(server: BenchServer, client: Client, file: string) {
  await client.get('/mt/csrf-cookie');
  const form = new FormData();
  form.set('source_lang', 'en');
  form.set('target_lang', 'ar');
  form.set('model', 'general');
  form.set('file', new Blob([await fs.readFile(file)]), 'large.docx');
  const response = await fetch(`${server.url}/api/doc/translate`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': client.csrf, cookie: client.cookieHeader },
    body: form,
  });
  if (response.status !== 202) throw new Error(`bench: document upload failed (${response.status} ${await response.text()})`);
  return ((await response.json()) as { project_id: string }).project_id;
}

export async function runEventLoopBench(options: { maxSeconds?: number } = {}): Promise<LatencyRow[]> {
  // The dictionary engine: fast and local, so the measurement is Lisan's own work, not an engine's.
  const server = await startServer({ ENGINE_CHAIN: 'dictionary' });
  try {
    const client = await signedInAdmin(server);
    // The plan that allows the largest documents (Pro: 300,000 words), granted to the admin.
    const me = (await (await client.get('/api/user')).json()) as { id: number };
    const plans = (await (await client.get('/api/plans')).json()) as { data?: Array<{ id: number; slug: string }> } | Array<{ id: number; slug: string }>;
    const pro = (Array.isArray(plans) ? plans : (plans.data ?? [])).find((plan) => plan.slug === 'pro');
    if (pro) {
      const granted = await client.post('/api/admin/user-plan', { user_id: me.id, plan_id: pro.id });
      if (!granted.ok) throw new Error(`bench: granting the Pro plan failed (${granted.status} ${await granted.text()})`);
    }
    const file = path.join(server.dataDir, 'large.docx');
    await generateDocx(file);
    const projectId = await uploadDocument(server, client, file);
    const routes = ['/api/health', '/api/plans', '/api/user'];
    const samples = new Map<string, number[]>(routes.map((route) => [route, []]));
    const deadline = Date.now() + (options.maxSeconds ?? 600) * 1000;
    let state = 'queued';
    let round = 0;
    while (Date.now() < deadline && state !== 'done' && state !== 'failed') {
      for (const route of routes) {
        const started = performance.now();
        await (await client.get(route)).arrayBuffer();
        samples.get(route)!.push(performance.now() - started);
      }
      if (++round % 20 === 0) {
        const status = (await (await client.get(`/api/doc/translated/${projectId}`)).json()) as { data?: { state?: string } };
        state = status.data?.state ?? state;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return routes.map((route) => {
      const sorted = samples.get(route)!.sort((a, b) => a - b);
      return { route, calls: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 };
    });
  } finally {
    await server.stop();
  }
}

export function printEventLoopTable(rows: LatencyRow[]) {
  console.log('\nAPI latency while a 300-page DOCX translates (one process, PGlite; targets p99 < 100 ms, max < 500 ms; indicative on a loaded machine)\n');
  console.log('| route        | calls |  p50 ms |  p99 ms |  max ms | met |');
  console.log('|--------------|-------|---------|---------|---------|-----|');
  for (const row of rows) {
    const met = row.p99 < 100 && row.max < 500 ? 'yes' : 'NO';
    console.log(`| ${row.route.padEnd(12)} | ${String(row.calls).padStart(5)} | ${row.p50.toFixed(1).padStart(7)} | ${row.p99.toFixed(1).padStart(7)} | ${row.max.toFixed(1).padStart(7)} | ${met.padEnd(3)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printEventLoopTable(await runEventLoopBench());
