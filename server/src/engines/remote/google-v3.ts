/**
 * Google Cloud Translation, Advanced edition (v3 REST,
 * https://cloud.google.com/translate/docs/reference/rest/v3/projects.locations/translateText):
 *   POST {url}/v3/projects/{project}/locations/{location}:translateText
 *   Authorization: Bearer <OAuth access token>
 *   {"contents": [..], "mimeType": "text/html", "sourceLanguageCode": "en", "targetLanguageCode": "ar"}
 *   200 {"translations": [{"translatedText": ".."}]}
 *   4xx/5xx {"error": {"code", "message", "status"}}
 *
 * v3 takes no API key: the access token comes from a service account key file (the JSON
 * Google Cloud gives you) by the OAuth 2.0 JWT bearer flow: an RS256-signed assertion posted to
 * the key's token_uri. Tokens are cached until shortly before they expire and refreshed once
 * when the API answers 401.
 */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from '../types';
import { planBatches } from '../../text/toolkit';
import { abortedError, requestJson } from './http';
import { decodeHtml, encodeHtml } from './markup';
import { isEnglishArabicPair, prepareSegments } from './segments';

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
  token_uri?: string;
}

export interface GoogleV3Options {
  url: string;
  /** Path of the service account key file (JSON). */
  credentialsFile: string;
  /** Defaults to the key's project_id. */
  project?: string;
  location: string;
  timeoutMs: number;
  now?: () => number;
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-translation';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

/** The signed JWT assertion of the OAuth 2.0 JWT bearer grant (RFC 7523) for a service account. */
export function serviceAccountAssertion(key: ServiceAccountKey, nowSeconds: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const claims = {
    iss: key.client_email,
    scope: SCOPE,
    aud: key.token_uri ?? DEFAULT_TOKEN_URI,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key);
  return `${unsigned}.${base64url(signature)}`;
}

export function readServiceAccountKey(file: string): ServiceAccountKey {
  let key: Partial<ServiceAccountKey>;
  try {
    key = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccountKey>;
  } catch (error) {
    throw new Error(`Cannot read the Google service account key ${file}: ${(error as Error).message}`);
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new Error(`${file} is not a Google service account key (client_email and private_key are required)`);
  }
  return key as ServiceAccountKey;
}

export class GoogleTranslateV3Engine implements TranslationEngine {
  readonly id = 'google';
  private readonly key: ServiceAccountKey;
  private readonly project: string;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly options: GoogleV3Options) {
    this.key = readServiceAccountKey(options.credentialsFile);
    const project = options.project ?? this.key.project_id;
    if (!project) throw new Error('GOOGLE_TRANSLATE_PROJECT is required: the service account key names no project_id');
    this.project = project;
    this.now = options.now ?? Date.now;
  }

  supports(source: Lang, target: Lang): boolean {
    return isEnglishArabicPair(source, target);
  }

  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > this.now() + 60_000) return this.token.value;
    this.pendingToken ??= (async () => {
      try {
        const assertion = serviceAccountAssertion(this.key, Math.floor(this.now() / 1000));
        const tokenUri = this.key.token_uri ?? DEFAULT_TOKEN_URI;
        const body = await this.postForm(tokenUri, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }, signal);
        const { access_token: value, expires_in: expiresIn } = body as { access_token?: unknown; expires_in?: unknown };
        if (typeof value !== 'string') throw new EngineError(this.id, 'google token endpoint sent no access_token', false);
        this.token = { value, expiresAt: this.now() + (typeof expiresIn === 'number' ? expiresIn : 3600) * 1000 };
        return value;
      } finally {
        this.pendingToken = null;
      }
    })();
    return this.pendingToken;
  }

  /** The token endpoint takes a form body; errors are {"error", "error_description"}. */
  private async postForm(url: string, form: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) throw abortedError(this.id, signal);
    const own = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, own]) : own;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        signal: combined,
      });
    } catch (error) {
      if (signal?.aborted) throw abortedError(this.id, signal);
      if (own.aborted) throw new EngineError(this.id, `Timed out after ${this.options.timeoutMs} ms`, true, { cause: error });
      throw new EngineError(this.id, `Cannot reach ${new URL(url).origin}`, true, { cause: error });
    }
    const body = (await response.json().catch(() => null)) as { error?: string; error_description?: string } | null;
    if (!response.ok) {
      const detail = body?.error_description ?? body?.error ?? '';
      throw new EngineError(this.id, `google token endpoint answered ${response.status}${detail ? `: ${detail}` : ''}`, response.status >= 500 || response.status === 429);
    }
    if (!body) throw new EngineError(this.id, 'google token endpoint sent an answer that is not JSON', false);
    return body;
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    const prepared = prepareSegments(segments);
    const encoded = prepared.cores.map((core) => encodeHtml(core, job.glossary));
    const url = `${this.options.url}/v3/projects/${encodeURIComponent(this.project)}/locations/${encodeURIComponent(this.options.location)}:translateText`;
    const results: string[] = [];
    for (const batch of planBatches(encoded, { maxSegments: 100, maxChars: 25_000 })) {
      const contents = batch.segmentIndexes.map((i) => encoded[i]!);
      const send = async () =>
        (await requestJson(this.id, url, {
          headers: { authorization: `Bearer ${await this.accessToken(job.signal)}` },
          body: { contents, mimeType: 'text/html', sourceLanguageCode: job.source, targetLanguageCode: job.target },
          signal: job.signal,
          timeoutMs: this.options.timeoutMs,
          errorMessage: (b) => (b as { error?: { message?: string } })?.error?.message,
        })) as { translations?: { translatedText?: unknown }[] };
      let body: Awaited<ReturnType<typeof send>>;
      try {
        body = await send();
      } catch (error) {
        // An access token revoked or expired early: fetch a new one, once.
        if (!(error instanceof EngineError) || !/answered 401/.test(error.message)) throw error;
        this.token = null;
        body = await send();
      }
      const translations = body.translations;
      if (!Array.isArray(translations) || translations.length !== contents.length || translations.some((t) => typeof t?.translatedText !== 'string')) {
        throw new EngineError(this.id, `google answered ${Array.isArray(translations) ? translations.length : 'no'} translations for ${contents.length} texts`, false);
      }
      results.push(...translations.map((t) => decodeHtml(t.translatedText as string)));
    }
    return prepared.rebuild(results);
  }
}
