import type { Lang, Segment } from '../types';

/**
 * Engines get whole segments; remote APIs trim whitespace and have nothing to do with segments
 * that hold no letters (empty, numbers, bare placeholders). This sends only the trimmed cores
 * that need translating and puts the outer whitespace and the untouched segments back.
 */
export interface Prepared {
  /** Trimmed texts to send, in order. */
  cores: string[];
  /** Reassembles one output per input segment from one result per core. */
  rebuild(results: string[]): string[];
}

export function prepareSegments(segments: Segment[]): Prepared {
  const parts = segments.map((segment) => {
    const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(segment)!;
    const translate = /\p{L}/u.test(core!.replace(/<\/?x\d+\/?>/g, ''));
    return { segment, lead: lead!, core: core!, trail: trail!, translate };
  });
  const sent = parts.filter((p) => p.translate);
  return {
    cores: sent.map((p) => p.core),
    rebuild(results) {
      let i = 0;
      return parts.map((p) => (p.translate ? `${p.lead}${results[i++]}${p.trail}` : p.segment));
    },
  };
}

export function isEnglishArabicPair(source: Lang, target: Lang): boolean {
  return source !== target && (source === 'en' || source === 'ar') && (target === 'en' || target === 'ar');
}
