import type { SegmentTranslator } from '../src/modules/websites/service';

/**
 * A deterministic translation engine for website tests: a small English <-> Arabic word list,
 * every other Latin word upper-cased (so a translated segment is recognisable), placeholders
 * (`<x1>`, `</x1>`, `<x2/>`) kept exactly where they were. It implements the same contract as
 * the real engines: one output per segment, in order.
 */
const EN_AR: Record<string, string> = {
  hello: 'مرحبا',
  world: 'العالم',
  welcome: 'أهلا',
  about: 'عن',
  us: 'نحن',
  contact: 'اتصل',
  products: 'المنتجات',
  home: 'الرئيسية',
  page: 'صفحة',
  cat: 'قطة',
};
const AR_EN: Record<string, string> = Object.fromEntries(Object.entries(EN_AR).map(([en, ar]) => [ar, en]));
const PLACEHOLDER = /(<\/?x\d+\/?>)/;

export function translateTestSegment(segment: string, target: 'en' | 'ar'): string {
  return segment
    .split(PLACEHOLDER)
    .map((part) => {
      if (PLACEHOLDER.test(part)) return part;
      return part.replace(/[\p{L}\p{M}]+/gu, (word) => {
        if (target === 'ar') return EN_AR[word.toLowerCase()] ?? (/\p{Script=Latin}/u.test(word) ? word.toUpperCase() : word);
        return AR_EN[word] ?? word;
      });
    })
    .join('');
}

export interface TestEngine {
  translator: SegmentTranslator;
  /** Every batch the engine was asked to translate. */
  calls: Array<{ segments: string[]; source: string; target: string; domain: string }>;
  /** Makes the next calls fail (an engine outage). */
  failing: boolean;
}

export function createTestEngine(): TestEngine {
  const engine: TestEngine = {
    calls: [],
    failing: false,
    translator: async (segments, job) => {
      if (engine.failing) throw new Error('test engine unavailable');
      engine.calls.push({ segments, source: job.source, target: job.target, domain: job.domain });
      return { translations: segments.map((segment) => translateTestSegment(segment, job.target)), engine: 'test' };
    },
  };
  return engine;
}
