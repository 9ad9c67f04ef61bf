// Shapes of the translation contract (shared/API.md "Translation") that the translator reads.

export type Lang = 'en' | 'ar';
export type SourceLang = Lang | 'auto';
export type Domain = 'general' | 'business' | 'legal' | 'ecommerce';
export type Reaction = 'like' | 'dislike' | 'none';

export const LANGS: readonly Lang[] = ['en', 'ar'];
export const DOMAINS: readonly Domain[] = ['general', 'business', 'legal', 'ecommerce'];

/** POST /api/translate (200): `data` and `dictionary` are JSON text. */
export interface TranslateResponse {
  status: number;
  data: string;
  dictionary: string;
  type: string | null;
  message: string | null;
}

export interface TranslatedSegment {
  translationId: string;
  source: string;
  target: string;
  /** Whitespace after the sentence, kept as it was. */
  separator: string;
  /** 'memory' or the engine id. */
  origin?: string;
  reaction?: 'like' | 'dislike' | null;
}

export interface TranslationResult {
  project_id: string;
  source_lang: Lang;
  target_lang: Lang;
  detected?: boolean;
  domain: Domain;
  engine: string;
  llm: boolean;
  llm_unavailable?: boolean;
  leading: string;
  segments: TranslatedSegment[];
  /** The glossary terms this translation applied (user, team and Lisan's per-domain terms). */
  glossary_terms?: Array<{ source: string; target: string }>;
  usage?: { text_requests_today: number; request_quota: number; char_limit: number };
}

export interface DictionaryEntry {
  word: string;
  translations: string[];
}

export interface TranslateRequest {
  text: string;
  source_lang: SourceLang;
  target_lang: Lang;
  domain: Domain;
  llm: boolean;
  token?: string;
}
