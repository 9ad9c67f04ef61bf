import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SYSTEM_PACKAGES } from '../../scripts/system-packages.mjs';
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
});
