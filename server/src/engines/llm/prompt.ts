/**
 * What the LLM is told: a system message with the domain's instructions, the placeholder rule,
 * the glossary terms that occur in this batch and the answer format; a user message holding the
 * segments as JSON with numeric ids. The answer is JSON: {"translations": [{"id", "translation"}]}.
 */
import type { Domain, GlossaryTerm, Lang } from '../types';

const LANGUAGE: Record<Lang, string> = { en: 'English', ar: 'Arabic' };

const DOMAIN_INSTRUCTIONS: Record<Domain, string> = {
  general:
    'Domain: general. Translate faithfully and naturally, keeping the tone and register of the source. Do not summarise, explain or add anything.',
  business:
    'Domain: business. Use a professional, formal register suited to corporate correspondence, reports and presentations. Keep company names, product names, figures, currencies and dates exact; use the established business terminology of the target language.',
  legal:
    'Domain: legal. Translate precisely and literally enough to keep the legal meaning: keep defined terms consistent (the same source term always gets the same translation), keep clause and article numbering, obligations (shall/must/may) and negations exactly, and never paraphrase, simplify or omit. Use standard legal terminology of the target language.',
  ecommerce:
    'Domain: e-commerce. Write the way online shops address customers: clear, concise and appealing product titles, descriptions and calls to action. Keep brand names, model numbers, SKUs, sizes, units, prices and currency symbols exactly as they are.',
};

const TARGET_NOTES: Record<Lang, string> = {
  ar: 'Write Modern Standard Arabic with Arabic punctuation (، ؛ ؟) and correct right-to-left word order. Keep digits as they appear in the source.',
  en: 'Write natural, fluent English (American spelling).',
};

/** Glossary terms whose source occurs in any of the segments (case-insensitive). */
export function termsInUse(glossary: GlossaryTerm[] | undefined, segments: string[]): GlossaryTerm[] {
  if (!glossary?.length) return [];
  const haystack = segments.join('\n').toLocaleLowerCase();
  const seen = new Set<string>();
  return glossary.filter((term) => {
    const key = term.source.trim().toLocaleLowerCase();
    if (!key || !term.target.trim() || seen.has(key) || !haystack.includes(key)) return false;
    seen.add(key);
    return true;
  });
}

export function systemPrompt(source: Lang, target: Lang, domain: Domain, terms: GlossaryTerm[]): string {
  const lines = [
    `You are a professional translator. Translate each segment from ${LANGUAGE[source]} to ${LANGUAGE[target]}.`,
    DOMAIN_INSTRUCTIONS[domain],
    TARGET_NOTES[target],
    'Segments may contain markup placeholders such as <x1>…</x1> (paired) and <x2/> (standalone). Keep every placeholder exactly as written, the same number of times, around the words that correspond to the words they enclose in the source; never add, drop, rename or translate a placeholder.',
    'Translate every segment separately and completely; never merge or split segments. If a segment needs no translation (a name, a number, a code), return it unchanged.',
  ];
  if (terms.length) {
    lines.push(
      'Glossary: translate these terms exactly as given (inflect them only as the grammar of the sentence requires):',
      ...terms.map((t) => `- ${t.source} => ${t.target}`),
    );
  }
  lines.push(
    'Answer with JSON only, in this form: {"translations": [{"id": <the segment id>, "translation": "<the translation>"}]}, with exactly one entry for every segment id you were given, and nothing else.',
  );
  return lines.join('\n');
}

export function userMessage(segments: { id: number; text: string }[]): string {
  return JSON.stringify({ segments });
}

/** JSON schema of the answer, for response_format json_schema (strict). */
export const ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    translations: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, translation: { type: 'string' } },
        required: ['id', 'translation'],
        additionalProperties: false,
      },
    },
  },
  required: ['translations'],
  additionalProperties: false,
} as const;

/**
 * Reads the model's answer: one translation for each expected id, in the order of `ids`.
 * Returns the reason instead when the answer does not line up.
 */
export function parseAnswer(content: string, ids: number[]): { ok: true; translations: string[] } | { ok: false; reason: string } {
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced);
  } catch {
    return { ok: false, reason: 'the answer is not JSON' };
  }
  const list = (parsed as { translations?: unknown })?.translations;
  if (!Array.isArray(list)) return { ok: false, reason: 'the answer has no translations array' };
  const byId = new Map<number, string>();
  for (const entry of list) {
    const id = Number((entry as { id?: unknown })?.id);
    const translation = (entry as { translation?: unknown })?.translation;
    if (!Number.isInteger(id) || typeof translation !== 'string') return { ok: false, reason: 'an entry is not {id, translation}' };
    if (byId.has(id)) return { ok: false, reason: `id ${id} appears twice` };
    byId.set(id, translation);
  }
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) return { ok: false, reason: `no translation for id ${missing.join(', ')}` };
  const unknown = [...byId.keys()].filter((id) => !ids.includes(id));
  if (unknown.length) return { ok: false, reason: `unknown id ${unknown.join(', ')}` };
  return { ok: true, translations: ids.map((id) => byId.get(id)!) };
}
