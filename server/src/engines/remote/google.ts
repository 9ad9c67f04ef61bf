/**
 * Google Cloud Translation, Basic edition (v2 REST,
 * https://cloud.google.com/translate/docs/reference/rest/v2/translate):
 *   POST {url}/language/translate/v2?key=<API key>
 *   {"q": [..], "source": "en", "target": "ar", "format": "html", "model": "nmt"}
 *   200 {"data": {"translations": [{"translatedText": ".."}]}}
 *   4xx/5xx {"error": {"code": 403, "message": "..", "errors": [{"reason": ".."}], "status": ".."}}
 * Rate limits come back as 429, or as 403 with reason rateLimitExceeded/userRateLimitExceeded:
 * both are retryable. Up to 128 texts per request.
 */
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from '../types';
import { planBatches } from '../../text/toolkit';
import { requestJson } from './http';
import { decodeHtml, encodeHtml } from './markup';
import { isEnglishArabicPair, prepareSegments } from './segments';

export interface GoogleOptions {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

interface GoogleError {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] };
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

export class GoogleTranslateEngine implements TranslationEngine {
  readonly id = 'google';

  constructor(private readonly options: GoogleOptions) {}

  supports(source: Lang, target: Lang): boolean {
    return isEnglishArabicPair(source, target);
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    const prepared = prepareSegments(segments);
    const encoded = prepared.cores.map((core) => encodeHtml(core, job.glossary));
    const results: string[] = [];
    const url = `${this.options.url}/language/translate/v2?key=${encodeURIComponent(this.options.apiKey)}`;
    for (const batch of planBatches(encoded, { maxSegments: 100, maxChars: 25_000 })) {
      const texts = batch.segmentIndexes.map((i) => encoded[i]!);
      const body = (await requestJson(this.id, url, {
        body: { q: texts, source: job.source, target: job.target, format: 'html', model: 'nmt' },
        signal: job.signal,
        timeoutMs: this.options.timeoutMs,
        errorMessage: (b) => {
          const e = (b as GoogleError)?.error;
          if (!e) return undefined;
          const reason = e.errors?.[0]?.reason;
          return `${e.message ?? e.status ?? 'error'}${reason ? ` (${reason})` : ''}`;
        },
        // The v2 API reports per-minute rate limits as 403 with a reason: those pass.
        isRetryable: (status, b) =>
          status === 403 && RATE_LIMIT_REASONS.has((b as GoogleError)?.error?.errors?.[0]?.reason ?? '') ? true : undefined,
      })) as { data?: { translations?: { translatedText?: unknown }[] } };
      const translations = body.data?.translations;
      if (!Array.isArray(translations) || translations.length !== texts.length || translations.some((t) => typeof t?.translatedText !== 'string')) {
        throw new EngineError(this.id, `google answered ${Array.isArray(translations) ? translations.length : 'no'} translations for ${texts.length} texts`, false);
      }
      results.push(...translations.map((t) => decodeHtml(t.translatedText as string)));
    }
    return prepared.rebuild(results);
  }
}
