/**
 * DeepL API v2 (https://developers.deepl.com/docs/api-reference/translate):
 *   POST {url}/v2/translate   Authorization: DeepL-Auth-Key <key>
 *   {"text": [..], "source_lang": "EN", "target_lang": "AR", "tag_handling": "xml",
 *    "ignore_tags": ["g"], "non_splitting_tags": ["x1", ..]}
 *   200 {"translations": [{"detected_source_language": "EN", "text": ".."}]}
 *   4xx {"message": ".."}: 403 bad key, 456 quota exceeded, 429 too many requests; 5xx/529 busy.
 * Up to 50 texts per request.
 */
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from '../types';
import { planBatches } from '../../text/toolkit';
import { requestJson } from './http';
import { decodeXml, deeplSourceLang, deeplTargetLang, encodeXml, xmlTagNames } from './markup';
import { isEnglishArabicPair, prepareSegments } from './segments';

export interface DeepLOptions {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

export class DeepLEngine implements TranslationEngine {
  readonly id = 'deepl';

  constructor(private readonly options: DeepLOptions) {}

  supports(source: Lang, target: Lang): boolean {
    return isEnglishArabicPair(source, target);
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    const prepared = prepareSegments(segments);
    const items = prepared.cores.map((core) => ({ core, xml: encodeXml(core, job.glossary) }));
    const results: string[] = [];
    for (const batch of planBatches(items.map((i) => i.xml), { maxSegments: 50, maxChars: 60_000 })) {
      const group = batch.segmentIndexes.map((i) => items[i]!);
      const tags = [...new Set(group.flatMap((i) => xmlTagNames(i.xml)))];
      const body = (await requestJson(this.id, `${this.options.url}/v2/translate`, {
        headers: { authorization: `DeepL-Auth-Key ${this.options.apiKey}` },
        body: {
          text: group.map((i) => i.xml),
          source_lang: deeplSourceLang[job.source],
          target_lang: deeplTargetLang[job.target],
          tag_handling: 'xml',
          ignore_tags: ['g'],
          ...(tags.length ? { non_splitting_tags: tags } : {}),
        },
        signal: job.signal,
        timeoutMs: this.options.timeoutMs,
        errorMessage: (b) => (typeof (b as { message?: unknown })?.message === 'string' ? (b as { message: string }).message : undefined),
      })) as { translations?: { text?: unknown }[] };
      const translations = body.translations;
      if (!Array.isArray(translations) || translations.length !== group.length || translations.some((t) => typeof t?.text !== 'string')) {
        throw new EngineError(this.id, `deepl answered ${Array.isArray(translations) ? translations.length : 'no'} translations for ${group.length} texts`, false);
      }
      translations.forEach((t, i) => results.push(decodeXml(t.text as string, group[i]!.core)));
    }
    return prepared.rebuild(results);
  }
}
