/**
 * LibreTranslate (https://libretranslate.com, self-hosted or hosted):
 *   POST {url}/translate  {"q": [..], "source": "en", "target": "ar", "format": "html", "api_key": ".."}
 *   200 {"translatedText": [..]}  (an array when q is an array)
 *   4xx/5xx {"error": ".."}; 429 when the instance's rate limit is hit.
 */
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from '../types';
import { planBatches } from '../../text/toolkit';
import { requestJson } from './http';
import { decodeHtml, encodeHtml } from './markup';
import { isEnglishArabicPair, prepareSegments } from './segments';

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string;
  timeoutMs: number;
}

export class LibreTranslateEngine implements TranslationEngine {
  readonly id = 'libretranslate';

  constructor(private readonly options: LibreTranslateOptions) {}

  supports(source: Lang, target: Lang): boolean {
    return isEnglishArabicPair(source, target);
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    const prepared = prepareSegments(segments);
    const encoded = prepared.cores.map((core) => encodeHtml(core, job.glossary));
    const results: string[] = [];
    for (const batch of planBatches(encoded, { maxSegments: 50, maxChars: 20_000 })) {
      const texts = batch.segmentIndexes.map((i) => encoded[i]!);
      const body = (await requestJson(this.id, `${this.options.url}/translate`, {
        body: {
          q: texts,
          source: job.source,
          target: job.target,
          format: 'html',
          ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
        },
        signal: job.signal,
        timeoutMs: this.options.timeoutMs,
        errorMessage: (b) => (typeof (b as { error?: unknown })?.error === 'string' ? (b as { error: string }).error : undefined),
      })) as { translatedText?: unknown };
      const translated = body.translatedText;
      if (!Array.isArray(translated) || translated.length !== texts.length || translated.some((t) => typeof t !== 'string')) {
        throw new EngineError(this.id, `libretranslate answered ${Array.isArray(translated) ? translated.length : 'no'} translations for ${texts.length} texts`, false);
      }
      results.push(...(translated as string[]));
    }
    return prepared.rebuild(results.map((html) => decodeHtml(html)));
  }
}
