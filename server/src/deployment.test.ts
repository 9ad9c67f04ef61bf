import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildServer } from '../../scripts/build-server.mjs';
import { SYSTEM_PACKAGES } from '../../scripts/system-packages.mjs';
import { sampleDocx } from '../test/fixtures/docx-fixture';
import { startLisanProcess } from '../test/node-process';
import { loadConfig } from './config';

const root = path.resolve(import.meta.dirname, '../..');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string | null>;
  healthcheck?: { disable?: boolean; test?: string[] };
  volumes?: Array<string | { target: string; source: string }>;
  depends_on?: Record<string, { condition: string }>;
}

/** compose.yaml as Docker Compose itself resolves it (anchors, defaults, variables). */
function resolvedCompose(): { services: Record<string, ComposeService>; volumes: Record<string, unknown> } {
  const output = execFileSync('docker-compose', ['-f', path.join(root, 'compose.yaml'), 'config'], { cwd: root, encoding: 'utf8', env: { ...process.env, COMPOSE_PROJECT_NAME: 'lisan' } });
  return parse(output);
}

describe('deployment: compose.yaml and the Dockerfile', () => {
  it('compose.yaml is valid for Docker Compose and runs PostgreSQL, S3 storage, api, worker and a proxy', () => {
    const compose = resolvedCompose();
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'minio', 'minio-setup', 'postgres', 'proxy', 'worker']);
    expect(compose.services.api.command).toEqual(['api']);
    expect(compose.services.worker.command).toEqual(['worker']);
    // `disable: true` resolves to the test NONE: the worker serves no HTTP.
    expect(compose.services.worker.healthcheck?.test).toEqual(['NONE']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['models', 'objects', 'postgres']);
    for (const role of ['api', 'worker']) {
      expect(compose.services[role].depends_on?.postgres.condition).toBe('service_healthy');
      expect(JSON.stringify(compose.services[role].volumes)).toContain('/models');
    }
  });

  it('the api and worker environment in compose.yaml is a configuration Lisan accepts: PostgreSQL and shared S3 storage', () => {
    const compose = resolvedCompose();
    for (const role of ['api', 'worker']) {
      const env = Object.fromEntries(Object.entries(compose.services[role].environment ?? {}).map(([k, v]) => [k, v ?? '']));
      const config = loadConfig(env);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/lisan:.+@postgres:5432\/lisan$/);
      expect(config.storage).toMatchObject({ url: 's3://lisan/files', endpoint: 'http://minio:9000', forcePathStyle: true });
      expect(config.nodeEnv).toBe('production');
    }
  });

  it('the Dockerfile is multi-stage, runs as a non-root user, checks /api/health and installs the run-time Debian packages', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    for (const [name] of SYSTEM_PACKAGES.start) expect(dockerfile, `${name} missing from the run stage`).toContain(name);
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'data', '.git']));
  });

  it('the image runs the compiled server from only what its run stage copies (migrations, translation, documents, web app), and not an incomplete build', async () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const entrypoint = JSON.parse(runStage.match(/^ENTRYPOINT (\[.*\])$/m)![1]!) as string[];
    const command = JSON.parse(runStage.match(/^CMD (\[.*\])$/m)![1]!) as string[];
    expect(entrypoint).not.toContain('tsx');
    expect(entrypoint.slice(0, 4)).toEqual(['tini', '--', 'node', '--enable-source-maps']);
    expect(command).toEqual(['all']);
    const copied = [...runStage.matchAll(/^COPY --from=build(?: --chown=\S+)? (.+) \S+$/gm)].flatMap((line) => line[1]!.split(' ').map((source) => path.relative('/app', source)));
    expect(copied).toEqual(expect.arrayContaining(['dist', 'server', 'node_modules', 'web/dist']));

    // The build stage's output (npm run build), then a directory holding only the copied paths
    // (the compiled server a copy, the rest links to this checkout's), started as the image does.
    await buildServer();
    if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: root });
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'lisan-image-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisan-image-data-'));
    for (const source of copied) {
      fs.mkdirSync(path.dirname(path.join(app, source)), { recursive: true });
      if (source === 'dist') fs.cpSync(path.join(root, source), path.join(app, source), { recursive: true });
      else fs.symlinkSync(path.join(root, source), path.join(app, source));
    }
    try {
      const lisan = await startLisanProcess(
        command[0] as 'all',
        { DATABASE_URL: '', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(app, 'web/dist'), MODELS_AUTO_DOWNLOAD: 'false', MODELS_DIR: path.join(dataDir, 'models'), MAIL_URL: '' },
        { compiled: entrypoint[4]!, cwd: app, timeoutMs: 120_000 },
      );
      try {
        const health = (await (await fetch(`${lisan.url}/api/health`)).json()) as { status: string; database: string };
        expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
        // A guest translation: the migrations ran (read beside the sources), the PGlite thread
        // (its own bundle) stores it, and the response schema (from contract/, bundled) writes it.
        const csrf = await fetch(`${lisan.url}/mt/csrf-cookie`);
        const cookie = csrf.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
        const token = decodeURIComponent(cookie.match(/XSRF-TOKEN=([^;]+)/)![1]!);
        const response = await fetch(`${lisan.url}/api/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token, cookie },
          body: JSON.stringify({ text: 'Good morning.', source_lang: 'en', target_lang: 'ar', domain: 'general', token: 'image-test' }),
        });
        expect(response.status).toBe(200);
        const data = JSON.parse(((await response.json()) as { data: string }).data) as { engine: string; segments: Array<{ target: string }> };
        expect(data.engine).toBe('dictionary');
        expect(data.segments[0]!.target).toMatch(/[\u0600-\u06FF]/);
        // A DOCX word count: the document sandbox's worker (its own bundle, pdfjs first) reads it.
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await sampleDocx())]), 'sample.docx');
        const counted = await fetch(`${lisan.url}/api/count-words`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token, cookie }, body: form });
        expect(counted.status).toBe(200);
        expect(await counted.json()).toMatchObject({ format: 'docx', words: expect.any(Number) });
        const page = await fetch(`${lisan.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');
      } finally {
        await lisan.stop();
      }
      // A build that lacks a worker's bundle does not start, and says what to do.
      fs.rmSync(path.join(app, 'dist/server/sandbox-worker.mjs'));
      const incomplete = spawnSync(process.execPath, [entrypoint[4]!, 'all'], { cwd: app, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, timeout: 60_000 });
      expect(incomplete.status).toBe(1);
      expect(incomplete.stderr).toContain('The compiled server is incomplete (sandbox-worker.mjs missing beside it): run npm run build');
    } finally {
      fs.rmSync(app, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
