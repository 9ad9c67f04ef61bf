import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiJson } from '../../test/openapi';

const committed = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

describe('generated OpenAPI document', () => {
  // Built once, in the hook (its time limit is the hooks'): it imports every route's module.
  let generated = '';
  beforeAll(async () => {
    generated = await openApiJson();
  });

  it('is up to date with the router and the route schemas (npm run openapi writes it)', async () => {
    const current = await fs.readFile(committed, 'utf8').catch(() => '');
    expect(current, 'docs/openapi.json is out of date: run npm run openapi').toBe(generated);
  });

  it('describes every route with its access and the schemas its handler parses', async () => {
    const document = JSON.parse(generated) as {
      paths: Record<string, Record<string, { 'x-access': string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }; parameters: Array<{ name: string; in: string }> }>>;
    };
    const translate = document.paths['/api/translate']!.post!;
    expect(translate['x-access']).toBe('public');
    const body = translate.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['text', 'source_lang', 'target_lang', 'domain']));
    expect(document.paths['/api/admin/users']!.get!['x-access']).toBe('admin');
    expect(document.paths['/api/admin/users']!.get!.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'page']));
    expect(document.paths['/api/doc/translate']!.post!.requestBody!.content).toHaveProperty(['multipart/form-data']);
    expect(Object.keys(document.paths).some((p) => p.includes('{'))).toBe(true);
    expect(Object.keys(document.paths).some((p) => p.startsWith('/__test'))).toBe(false);
  });

  it("lists the parameters of routes whose path is a template of constants (the websites preview's)", () => {
    const document = JSON.parse(generated) as {
      paths: Record<string, Record<string, { tags: string[]; parameters: Array<{ name: string; in: string; required: boolean; schema: { type?: string; maxLength?: number } }> }>>;
    };
    const asset = document.paths['/preview/website-assets/{id}/{token}/{signature}']!.get!;
    expect(asset.tags).toEqual(['websites']);
    expect(asset.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['token', 'path', true],
      ['signature', 'path', true],
      ['url', 'query', true],
    ]);
    expect(asset.parameters.find((p) => p.name === 'id')!.schema.type).toBe('integer');
    expect(asset.parameters.find((p) => p.name === 'url')!.schema).toEqual({ type: 'string', maxLength: 4096 });
    const page = document.paths['/preview/websites/{id}/{token}/{path}']!.get!;
    expect(page.tags).toEqual(['websites']);
    expect(page.parameters.map((p) => [p.name, p.in])).toEqual([
      ['id', 'path'],
      ['token', 'path'],
      ['path', 'path'],
    ]);
    expect(page.parameters[0]!.schema.type).toBe('integer');
  });
});
