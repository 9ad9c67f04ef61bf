import { countWords, detectLanguage } from '../../text/toolkit';
import type { DictionaryEngine } from '../../engines/dictionary/engine';
import type { Lang } from '../../engines/types';
import { Invalid } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { DICTIONARY_MAX_WORDS, type DictionaryInput } from './schemas';

/** Look-ups per IP per minute: generous for people, a brake on scrapers. */
export const DICTIONARY_RATE_LIMIT = 120;

/**
 * POST /api/dictionary: every sense the offline dictionary has for a word or a short
 * phrase (surface form, then its lemma or clitic-stripped stem). Not counted against the
 * translation quota; rate-limited per IP.
 */
export function createDictionaryService(deps: { dictionary: DictionaryEngine; rateLimiter: RateLimiter }) {
  return {
    async lookup(input: DictionaryInput, context: { ip: string }) {
      if (countWords(input.word) > DICTIONARY_MAX_WORDS) throw Invalid.field('word', 'dictionary.too_many_words', { count: DICTIONARY_MAX_WORDS });
      await deps.rateLimiter.consume(`dictionary:ip:${context.ip}`, DICTIONARY_RATE_LIMIT, 60);
      let source: Lang;
      if (input.source_lang === 'auto') source = detectLanguage(input.word)?.lang ?? (input.target_lang === 'ar' ? 'en' : 'ar');
      else source = input.source_lang;
      const target: Lang = input.target_lang && input.target_lang !== source ? input.target_lang : source === 'en' ? 'ar' : 'en';
      if (input.target_lang === source) throw Invalid.field('target_lang', 'translate.same_language');
      return { source_lang: source, target_lang: target, entries: deps.dictionary.lookup(input.word, source, target) };
    },
  };
}

export type DictionaryService = ReturnType<typeof createDictionaryService>;
