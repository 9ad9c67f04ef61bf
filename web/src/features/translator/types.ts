// Shapes of the translation contract (shared/API.md "Translation") that the translator reads.
// The answers' shapes come from the shared contract (contract/translate.ts).

import type { Domain, Lang, TextDetail, TranslationData, TranslationSegment } from '../../../../contract/translate';

export type { DictionaryEntry, Domain, EngineStatus, Lang, TextDetail, TranslateAnswer, TranslateRequest, TranslationData } from '../../../../contract/translate';
export type SourceLang = Lang | 'auto';
export type Reaction = 'like' | 'dislike' | 'none';

export const LANGS: readonly Lang[] = ['en', 'ar'];
export const DOMAINS: readonly Domain[] = ['general', 'business', 'legal', 'ecommerce'];

/**
 * A sentence as the translator shows it: from a fresh translation (its origin, a glossary
 * mark) or re-opened from the history (its reaction, and what the machine had said where the
 * sentence shows the user's approved correction).
 */
export type TranslatedSegment = Pick<TranslationSegment, 'translationId' | 'source' | 'target' | 'separator'> &
  Partial<Pick<TranslationSegment, 'origin' | 'glossary'>> &
  Partial<Pick<TextDetail['segments'][number], 'reaction' | 'machine_target'>>;

/**
 * A translation as the translator shows it: POST /api/translate's `data`, or a history entry
 * re-opened (no detection, glossary terms or usage then).
 */
export type TranslationResult = Omit<TranslationData, 'detected' | 'glossary_terms' | 'usage' | 'segments'> &
  Partial<Pick<TranslationData, 'detected' | 'glossary_terms' | 'usage'>> & { segments: TranslatedSegment[] };
