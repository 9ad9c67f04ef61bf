// Glossaries: Lisan's per-domain terms (admins, /api/admin/glossaries) and the signed-in
// user's own and team glossaries (/api/user/glossary, /api/team/glossary).
import { z } from 'zod';
import { domain, lang, paginated, statusMessage, timestamp } from './common';

export { domain, lang, type Domain, type Lang } from './common';

// Request bodies (the server parses them with these schemas; error values are catalog keys).

const term = (key: string) => z.string({ error: key }).trim().min(1, { error: key }).max(200);

/** POST /api/admin/glossaries and .../update/:id: a term of Lisan's per-domain glossary. */
export const domainTermRequest = z
  .object({
    domain,
    source_lang: lang,
    target_lang: lang,
    source_term: term('glossary.source_required'),
    target_term: term('glossary.target_required'),
    note: z.string().trim().max(500).optional(),
  })
  .refine((value) => value.source_lang !== value.target_lang, { path: ['target_lang'], error: 'translate.same_language' });
export type DomainTermRequest = z.input<typeof domainTermRequest>;

/** POST .../glossary and .../glossary/update/:id: a personal or team term (also each line of an import). */
export const ownerTermRequest = z
  .object({
    domain: domain.default('general'),
    source_lang: lang,
    target_lang: lang,
    source_term: term('glossary.source_required'),
    target_term: term('glossary.target_required'),
  })
  .refine((value) => value.source_lang !== value.target_lang, { path: ['target_lang'], error: 'translate.same_language' });
export type OwnerTermRequest = z.input<typeof ownerTermRequest>;

export const termFileFormat = z.enum(['csv', 'tsv']);
export type TermFileFormat = z.output<typeof termFileFormat>;

/** POST .../glossary/import: the file's text, and the pair and domain of entries that do not name them. */
export const importTermsRequest = z.object({
  format: termFileFormat,
  // An empty file gets the same words as a file without entries, not "The content field is required".
  content: z.string().min(1, { error: 'glossary.import_empty' }).max(900_000),
  source_lang: lang.default('en'),
  target_lang: lang.default('ar'),
  domain: domain.default('general'),
});
export type ImportTermsRequest = z.input<typeof importTermsRequest>;

/** A personal or team term, as saved (POST .../glossary, .../glossary/update/:id). */
export const ownerTerm = z.object({
  id: z.number().int(),
  domain,
  source_lang: lang,
  target_lang: lang,
  source_term: z.string(),
  target_term: z.string(),
});
/** A term of Lisan's per-domain glossary (admins): a term with its note and times. */
export const domainTerm = ownerTerm.extend({ note: z.string(), created_at: timestamp, updated_at: timestamp });
export type DomainTerm = z.output<typeof domainTerm>;

export const domainTermPage = paginated(domainTerm);
export type DomainTermPage = z.output<typeof domainTermPage>;
export const domainTermSaved = statusMessage.extend({ data: domainTerm });

export const ownerTermSaved = statusMessage.extend({ data: ownerTerm });
export type OwnerTermSaved = z.output<typeof ownerTermSaved>;

/** A personal or team term in the glossary's list. */
export const listedOwnerTerm = ownerTerm.extend({ created_at: timestamp });
export type GlossaryTerm = z.output<typeof listedOwnerTerm>;

/**
 * A term of the glossary whose source another applicable term also translates, differently:
 * 'same_source' (this glossary, General and a domain), 'team' (the team's glossary, for a
 * member's own term) or 'admin' (Lisan's per-domain glossary). The term here wins.
 */
export const glossaryConflict = z.object({
  kind: z.enum(['same_source', 'team', 'admin']),
  term_id: z.number().int(),
  other: z.object({ id: z.number().int(), domain, source_term: z.string(), target_term: z.string() }),
});
export type GlossaryConflict = z.output<typeof glossaryConflict>;

/** GET /api/user/glossary and /api/team/glossary. */
export const ownerGlossary = z.object({ data: z.array(listedOwnerTerm), conflicts: z.array(glossaryConflict), can_edit: z.boolean() });
export type Glossary = z.output<typeof ownerGlossary>;

/** POST .../glossary/import: what was added, updated, left as it was, and the skipped lines with their messages by field. */
export const importAnswer = statusMessage.extend({
  data: z.object({
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Entries without languages whose scripts said the other direction than the one chosen, saved in theirs. */
    reversed: z.number().int(),
    skipped: z.array(z.object({ line: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
  }),
});
export type ImportAnswer = z.output<typeof importAnswer>;
