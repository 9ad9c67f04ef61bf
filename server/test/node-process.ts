import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface LisanProcess {
  role: 'all' | 'api' | 'worker';
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts Lisan in a role, as `npm run start:api` / `start:worker` do, with `env`, and waits
 * until it is ready: an api answers /api/health, a worker has logged that it started. It runs
 * the sources (server/src/main.ts through tsx) unless `compiled` names a built main.mjs (then
 * from `cwd`, default the repository).
 */
export async function startLisanProcess(
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number; compiled?: string; cwd?: string } = {},
): Promise<LisanProcess> {
  const timeoutMs = options.timeoutMs ?? 240_000;
  const port = role === 'worker' ? 0 : (options.port ?? (await freePort()));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const entry = options.compiled ? ['--enable-source-maps', options.compiled] : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, [...entry, role], {
    cwd: options.cwd ?? root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', APP_URL: url, LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(root, 'no-web-dist'), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${role} exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${role} not ready in time:\n${output}`);
    }
    if (role === 'worker') {
      if (output.includes('Lisan worker started')) break;
    } else {
      const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (healthy) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    role,
    url,
    dataDir: env.DATA_DIR ?? '',
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * A browser-like HTTP client: one cookie jar, the CSRF cookie echoed in X-XSRF-TOKEN, JSON in
 * and out. The jar ignores ports, as browsers do, so one client can talk to several api
 * processes behind a load balancer.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  private absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(base: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) this.absorb(await fetch(`${base}/mt/csrf-cookie`, { headers: this.headers() }));
    const isForm = body instanceof FormData;
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        ...this.headers(),
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(this.cookies.has('XSRF-TOKEN') ? { 'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN')!) } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.absorb(response);
    return response;
  }

  get(base: string, pathname: string) {
    return this.request(base, 'GET', pathname);
  }

  post(base: string, pathname: string, body?: unknown) {
    return this.request(base, 'POST', pathname, body ?? {});
  }

  private headers(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}
