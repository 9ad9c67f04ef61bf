import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../types';
import { GoogleTranslateV3Engine } from './google-v3';
import { googleV3Handler } from './test-servers/google';
import { startStandIn, type StandIn } from './test-servers/stand-in';
import { EN_AR } from '../../../test/engines/engine-errors';

describe('Google Cloud Translation v3 adapter (service account, against loopback stand-ins)', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const handler = googleV3Handler({ publicKey, clientEmail: 'lisan@proj.iam.gserviceaccount.com', project: 'proj-1', location: 'global' });
  let server: StandIn;
  let dir: string;
  let keyFile: string;

  beforeAll(async () => {
    server = await startStandIn(handler);
    dir = mkdtempSync(path.join(tmpdir(), 'lisan-gv3-'));
    keyFile = path.join(dir, 'sa.json');
    writeFileSync(
      keyFile,
      JSON.stringify({
        type: 'service_account',
        project_id: 'proj-1',
        private_key_id: 'k1',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        client_email: 'lisan@proj.iam.gserviceaccount.com',
        token_uri: `${server.url}/token`,
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gets a token with a signed JWT, then calls translateText with it; the token is reused', async () => {
    const engine = new GoogleTranslateV3Engine({ url: server.url, credentialsFile: keyFile, location: 'global', timeoutMs: 2000 });
    const before = server.requests.length;
    expect(await engine.translate(['Hello <x1>world</x1>.'], EN_AR)).toEqual(['مرحبا <x1>العالم</x1>.']);
    expect(await engine.translate(['Thank you.'], EN_AR)).toEqual(['شكرا لك.']);
    const requests = server.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual(['/token', '/v3/projects/proj-1/locations/global:translateText', '/v3/projects/proj-1/locations/global:translateText']);
    expect(requests[1]!.headers.authorization).toBe('Bearer ya29.standin-1');
    expect(requests[1]!.body).toEqual({
      contents: ['Hello <span data-x="1">world</span>.'],
      mimeType: 'text/html',
      sourceLanguageCode: 'en',
      targetLanguageCode: 'ar',
    });
  });

  it('fetches a new token once when the API answers 401', async () => {
    const engine = new GoogleTranslateV3Engine({ url: server.url, credentialsFile: keyFile, location: 'global', timeoutMs: 2000 });
    await engine.translate(['Hello'], EN_AR);
    handler.revoke();
    const before = server.requests.length;
    expect(await engine.translate(['Hello'], EN_AR)).toEqual(['مرحبا']);
    expect(server.requests.slice(before).map((r) => r.path.split(':').at(-1))).toEqual(['translateText', '/token', 'translateText']);
  });

  it('sends at most 100 texts and about 25,000 characters per request, in order', async () => {
    const engine = new GoogleTranslateV3Engine({ url: server.url, credentialsFile: keyFile, location: 'global', timeoutMs: 2000 });
    const sizes = async (segments: string[]) => {
      const before = server.requests.length;
      expect(await engine.translate(segments, EN_AR)).toEqual(segments.map((s) => s.replace(/Hello/g, 'مرحبا')));
      return server.requests.slice(before).filter((r) => r.path.endsWith(':translateText')).map((r) => r.body.contents.length);
    };
    expect(await sizes(Array.from({ length: 130 }, (_, i) => `Hello ${i}`))).toEqual([100, 30]);
    // Texts of 12,001 characters: two fit in a request, the third goes in the next.
    expect(await sizes(Array.from({ length: 3 }, (_, i) => `${'Hello '.repeat(2000)}${i}`))).toEqual([2, 1]);
  });

  it('reports a rejected key (token endpoint 400) as final, and API rate limits as retryable', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const badKey = path.join(dir, 'bad.json');
    writeFileSync(
      badKey,
      JSON.stringify({ project_id: 'proj-1', private_key: other.export({ type: 'pkcs8', format: 'pem' }), client_email: 'lisan@proj.iam.gserviceaccount.com', token_uri: `${server.url}/token` }),
    );
    const rejected = new GoogleTranslateV3Engine({ url: server.url, credentialsFile: badKey, location: 'global', timeoutMs: 2000 });
    const error = await rejected.translate(['Hello'], EN_AR).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ retryable: false, message: 'google token endpoint answered 400: Invalid JWT Signature.' });

    const engine = new GoogleTranslateV3Engine({ url: server.url, credentialsFile: keyFile, location: 'global', timeoutMs: 2000 });
    await engine.translate(['Hello'], EN_AR);
    server.script({ status: 429, headers: { 'retry-after': '4' }, body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } } });
    expect(await engine.translate(['Hello'], EN_AR).catch((e: unknown) => e)).toMatchObject({ retryable: true, retryAfterMs: 4000, message: 'google answered 429: Quota exceeded' });
  });

  it('refuses a key file that is not a service account key', () => {
    const notKey = path.join(dir, 'not-key.json');
    writeFileSync(notKey, '{"hello": 1}');
    expect(() => new GoogleTranslateV3Engine({ url: server.url, credentialsFile: notKey, location: 'global', timeoutMs: 1000 })).toThrow(/not a Google service account key/);
  });
});
