import fs from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from '../src/http/openapi';
import { createTestApp } from './harness';

const root = path.resolve(import.meta.dirname, '../..');

let built: Promise<string> | null = null;

/**
 * The OpenAPI document of the application as the tests build it (default configuration), as
 * written to docs/openapi.json. Built once per test file (it reads the server's sources).
 */
export function openApiJson(): Promise<string> {
  built ??= buildJson();
  return built;
}

async function buildJson(): Promise<string> {
  const t = await createTestApp();
  try {
    const { version } = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const document = await buildOpenApiDocument(t.app.routeAccess, { serverDir: path.join(root, 'server'), version });
    return `${JSON.stringify(document, null, 2)}\n`;
  } finally {
    await t.close();
  }
}
