import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, 'main.ts');
const start = (env: Record<string, string>, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });

describe('process start-up', () => {
  it('stops with one line naming an invalid environment variable', () => {
    const result = start({ PORT: 'not-a-port' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Invalid environment variable PORT: /);
  });

  it('refuses the api role without DATABASE_URL (PGlite serves one process)', () => {
    const result = start({}, ['api']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL/);
  });

  it('rejects an unknown role', () => {
    const result = start({}, ['everything']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Unknown process role/);
  });
});
