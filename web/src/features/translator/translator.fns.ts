import { countCharacters as countCodePoints, countWords, detectLanguage, DICTIONARY_MAX_WORDS } from '../../../../server/src/text/toolkit';
import { DOMAINS, type DictionaryEntry, type Domain, type Lang, type SourceLang, type TranslateAnswer, type TranslatedSegment, type TranslationData, type TranslationResult } from './types';

/** Characters as the server counts them: code points of the trimmed text. */
export function countCharacters(text: string): number {
  return countCodePoints(text.trim());
}

/** Parses the contract's answer; `data` and `dictionary` arrive as JSON text (their shapes: contract/translate.ts). */
export function parseTranslateResponse(response: TranslateAnswer): { result: TranslationData; dictionary: DictionaryEntry[] } {
  const result = JSON.parse(response.data) as TranslationData;
  let dictionary: DictionaryEntry[] = [];
  try {
    const parsed = JSON.parse(response.dictionary || '[]') as DictionaryEntry[] | null;
    dictionary = Array.isArray(parsed) ? parsed : [];
  } catch {
    dictionary = [];
  }
  return { result, dictionary };
}

/** The whole translated text: translations between the original whitespace. */
export function joinTargets(result: Pick<TranslationResult, 'leading' | 'segments'>): string {
  return result.leading + result.segments.map((segment) => segment.target + segment.separator).join('');
}

/** The source text the segments came from. */
export function joinSources(result: Pick<TranslationResult, 'leading' | 'segments'>): string {
  return result.leading + result.segments.map((segment) => segment.source + segment.separator).join('');
}

/** [start, end) character offsets of each source sentence in the source text. */
export function segmentRanges(result: Pick<TranslationResult, 'leading' | 'segments'>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let offset = result.leading.length;
  for (const segment of result.segments) {
    ranges.push([offset, offset + segment.source.length]);
    offset += segment.source.length + segment.separator.length;
  }
  return ranges;
}

/** The sentence at a caret position (the one before it when the caret sits in the whitespace after it). */
export function segmentAt(result: Pick<TranslationResult, 'leading' | 'segments'>, position: number): number | null {
  const ranges = segmentRanges(result);
  for (let i = ranges.length - 1; i >= 0; i--) {
    if (position >= ranges[i]![0]) return i;
  }
  return ranges.length ? 0 : null;
}

/**
 * The sentence of the translation the focus moves to with a key (the sentences are one tab stop): Down, and the arrow
 * pointing the way the text reads, go to the next; Up and the other arrow to the one before; Home and End to the first
 * and the last. Null: the key is not one of these, or there is nowhere to go.
 */
export function sentenceAfterKey(key: string, index: number, count: number, direction: 'rtl' | 'ltr' | 'auto'): number | null {
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  const to = key === 'ArrowDown' || key === forward ? index + 1 : key === 'ArrowUp' || key === backward ? index - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : null;
  return to === null || to < 0 || to >= count || to === index ? null : to;
}

/** The other language. */
export const otherLang = (lang: Lang): Lang => (lang === 'en' ? 'ar' : 'en');

/** Writing direction of a language. */
export const directionOf = (lang: SourceLang | null | undefined): 'rtl' | 'ltr' | 'auto' => (lang === 'ar' ? 'rtl' : lang === 'en' ? 'ltr' : 'auto');

/** Guesses the language of a text with the server's own detector (the text toolkit). */
export function guessLanguage(text: string): Lang | null {
  return detectLanguage(text)?.lang ?? null;
}

/**
 * Swapping the languages, as translators do: the target becomes the source (a detected
 * source becomes the target), and the translation moves into the source box.
 */
export function swapLanguages(state: { source: SourceLang; target: Lang; text: string; detected: Lang | null; translation: string | null }) {
  const from = state.source === 'auto' ? (state.detected ?? guessLanguage(state.text) ?? otherLang(state.target)) : state.source;
  const target = from === state.target ? otherLang(state.target) : from;
  return { source: state.target as SourceLang, target, text: state.translation ?? state.text };
}

/** The LLM mode is for English <-> Arabic only. */
export function llmAvailableFor(source: SourceLang, target: Lang): boolean {
  const pair = new Set(['en', 'ar']);
  return (source === 'auto' || pair.has(source)) && pair.has(target) && source !== target;
}

/** Whether an input is short enough for the dictionary panel (three words at most). */
export function isShortInput(text: string): boolean {
  const words = countWords(text);
  return words > 0 && words <= DICTIONARY_MAX_WORDS;
}

export type ShareTarget = 'x' | 'facebook' | 'linkedin' | 'whatsapp' | 'telegram' | 'email';
export const SHARE_TARGETS: readonly ShareTarget[] = ['x', 'facebook', 'linkedin', 'whatsapp', 'telegram', 'email'];

/**
 * The text in at most `max` characters, the ellipsis included: cut at the last space that keeps at
 * least half of it, so no word is cut in two ("…both part…"), else (one long word) where it must.
 */
export function shorten(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const room = trimmed.slice(0, max - 1);
  const space = room.search(/\s\S*$/);
  const cut = space >= max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s\p{P}]+$/u, '')}…`;
}

/** Share links of the social networks, with the translation (shortened) and a link to Lisan. */
export function shareUrl(target: ShareTarget, text: string, pageUrl: string): string {
  const short = shorten(text, 500);
  const e = encodeURIComponent;
  switch (target) {
    case 'x':
      return `https://twitter.com/intent/tweet?text=${e(short)}&url=${e(pageUrl)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(pageUrl)}&quote=${e(short)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${e(pageUrl)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${e(`${short}\n${pageUrl}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${e(pageUrl)}&text=${e(short)}`;
    case 'email':
      return `mailto:?subject=${e('Lisan')}&body=${e(`${short}\n\n${pageUrl}`)}`;
  }
}

const GUEST_TOKEN_KEY = 'lisan.guest-token';

/** The guest's browser token (spec section 7: translate and dictionary send `token`), made once and kept. */
export function guestToken(storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): string | undefined {
  if (!storage) return undefined;
  try {
    let token = storage.getItem(GUEST_TOKEN_KEY);
    if (!token) {
      token = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      storage.setItem(GUEST_TOKEN_KEY, token);
    }
    return token;
  } catch {
    return undefined; // Storage refused (private mode): the IP still counts.
  }
}

const DRAFT_KEY = 'lisan.translator-draft';

/** What a guest had typed, kept across the sign-in the translator sent them to (this tab only, taken once). */
export interface TranslatorDraft {
  text: string;
  source: SourceLang;
  target: Lang;
  domain: Domain;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
const tabStorage = (): DraftStorage => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** Keeps the guest's text while they sign in (the sign-in link of "suggest a better translation"). */
export function keepDraft(draft: TranslatorDraft, storage: DraftStorage = tabStorage()): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode): the text is typed again.
  }
}

/** The kept draft, removed as it is taken (a reload later starts empty); null when none, or not one of ours. */
export function takeDraft(storage: DraftStorage = tabStorage()): TranslatorDraft | null {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    storage!.removeItem(DRAFT_KEY);
    const draft = JSON.parse(raw) as Partial<TranslatorDraft>;
    const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ar';
    if (typeof draft.text !== 'string' || !(draft.source === 'auto' || isLang(draft.source)) || !isLang(draft.target) || draft.source === draft.target) return null;
    return { text: draft.text, source: draft.source, target: draft.target, domain: DOMAINS.includes(draft.domain as Domain) ? (draft.domain as Domain) : 'general' };
  } catch {
    return null;
  }
}

/** The reaction each sentence has, as a map for quick look-up. */
export function reactionsOf(segments: TranslatedSegment[]): Record<string, 'like' | 'dislike'> {
  const out: Record<string, 'like' | 'dislike'> = {};
  for (const segment of segments) if (segment.reaction) out[segment.translationId] = segment.reaction;
  return out;
}

/** One reaction for the whole translation: 'like' when every sentence is liked, and so on. */
export function overallReaction(segments: TranslatedSegment[], reactions: Record<string, 'like' | 'dislike'>): 'like' | 'dislike' | null {
  if (!segments.length) return null;
  const values = segments.map((segment) => reactions[segment.translationId] ?? null);
  return values.every((value) => value === values[0]) ? values[0]! : null;
}

/** What the machine had translated, where the sentence shows the user's approved correction instead; else null. */
export function machineTargetOf(segment: TranslatedSegment): string | null {
  return segment.machine_target && segment.machine_target !== segment.target ? segment.machine_target : null;
}

/**
 * A sentence once the user's suggestion is saved: the suggestion is its translation (an approved correction in memory,
 * from now on), and what it replaced stays as the machine's (the first correction's), as the server keeps it.
 */
export function withSuggestion(segment: TranslatedSegment, suggestion: string): TranslatedSegment {
  return { ...segment, target: suggestion, origin: 'memory-correction', machine_target: segment.machine_target ?? segment.target };
}

/**
 * Whether the engine notice names the engine. It always does but where translation memory answered every sentence
 * with an approved correction it can show with the machine's words: the list of corrections says where each came
 * from, more precisely than "from your translation memory". Liked sentences, or corrections whose machine's words
 * are not known, keep the memory's note.
 */
export function engineNamed(result: Pick<TranslationResult, 'engine' | 'segments'>): boolean {
  return result.engine !== 'memory' || !result.segments.length || !result.segments.every((segment) => machineTargetOf(segment) !== null);
}
