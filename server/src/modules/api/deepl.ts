import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  deeplDocumentHandle,
  deeplDocumentStatus,
  deeplGlossary,
  deeplGlossaryLanguagePairs,
  deeplGlossaryList,
  deeplLanguages,
  deeplMultilingualDictionary,
  deeplMultilingualGlossary,
  deeplMultilingualGlossaryEntries,
  deeplMultilingualGlossaryList,
  deeplTranslateResult,
  deeplUsage,
} from '../../../../contract/deepl';
import { answers, file, noContent, page, type App } from '../../http/responses';
import type { Lang } from '../../engines/types';
import type { ApiCaller, ApiKeysService } from './keys';
import { Invalid, NotFound } from '../../http/errors';
import { readForm } from '../../http/multipart';
import { contentDisposition } from '../documents/documents.fns';
import { enumParam, listParam, readParams, stringParam, textsParam, type Params } from './params';
import type { ApiKeysRepo } from './repo';
import { ApiBadRequest, apiSurface, KEY_ROUTE, type ApiFailure } from './surface';
import type { ApiTexts } from './texts';
import type { ApiDocuments } from './documents';
import { formatGlossaryEntries, MAX_GLOSSARY_ENTRIES, parseGlossaryEntries, repeatedSourceTerm, type ApiGlossaries, type ApiGlossary, type ApiMultilingualGlossary, type GlossaryDictionaryInput } from './glossaries';
import { PayloadTooLarge } from '../../http/errors';

/**
 * The DeepL API v2 surface (docs/api.md): DeepL's paths, parameters, answers and error
 * statuses, so DeepL's own clients work with Lisan's address as their server URL.
 */

const STATUS: Record<ApiFailure['kind'], number> = { key: 403, plan: 403, quota: 456, too_large: 413, rate: 429, invalid: 400, not_found: 404, unavailable: 503, server: 500 };

export const DEEPL_MAX_TEXTS = 50;

/** DeepL's language codes for Lisan's languages. */
const SOURCE_CODES: Record<string, Lang> = { EN: 'en', AR: 'ar' };
const TARGET_CODES: Record<string, Lang> = { AR: 'ar', EN: 'en', 'EN-US': 'en', 'EN-GB': 'en' };
export const deeplCode = (lang: Lang) => lang.toUpperCase();

const SOURCE_LANGUAGES = [
  { language: 'AR', name: 'Arabic' },
  { language: 'EN', name: 'English' },
];
const TARGET_LANGUAGES = [
  { language: 'AR', name: 'Arabic', supports_formality: false },
  { language: 'EN-GB', name: 'English (British)', supports_formality: false },
  { language: 'EN-US', name: 'English (American)', supports_formality: false },
];

/** Every parameter DeepL's /v2/translate documents (and its client sends); those that do not apply are accepted and ignored. */
const TRANSLATE_PARAMS = new Set([
  'text',
  'source_lang',
  'target_lang',
  'context',
  'show_billed_characters',
  'split_sentences',
  'preserve_formatting',
  'formality',
  'model_type',
  'glossary_id',
  'glossary_ids',
  'tag_handling',
  'tag_handling_version',
  'outline_detection',
  'non_splitting_tags',
  'splitting_tags',
  'ignore_tags',
  'style_id',
  'custom_instructions',
  'translation_memory_id',
  'translation_memory_threshold',
  'enable_beta_languages',
]);

export function sourceLangParam(params: Record<string, unknown>, name = 'source_lang'): Lang | 'auto' {
  const code = enumParam(params, name, Object.keys(SOURCE_CODES));
  return code ? SOURCE_CODES[code]! : 'auto';
}

export function targetLangParam(params: Record<string, unknown>, name = 'target_lang'): Lang {
  return TARGET_CODES[enumParam(params, name, Object.keys(TARGET_CODES), { required: true })!]!;
}

/**
 * The glossary a request names: `glossary_id`, or `glossary_ids` (deepl-node's `glossaryIds`,
 * sent as one comma-separated field; a repeated field or a JSON array too) holding one. Lisan
 * applies one glossary per request (the account's terms of the pair), so two ids, or both
 * parameters, are a 400. A named glossary must be the caller's and match the language pair.
 */
async function glossaryParam(glossaries: ApiGlossaries, caller: ApiCaller, params: Record<string, unknown>, source: Lang | 'auto', target: Lang) {
  const single = stringParam(params, 'glossary_id');
  const ids = [...new Set(listParam(params, 'glossary_ids', { commaSeparated: true }) ?? [])];
  // The parameters' names are placeholders: the messages' Arabic carries no Latin words of its own.
  if (single !== undefined && ids.length) throw new ApiBadRequest('api.glossary_id_and_ids', { single: 'glossary_id', list: 'glossary_ids' });
  if (ids.length > 1) throw new ApiBadRequest('api.one_glossary', { list: 'glossary_ids', count: ids.length });
  const id = single ?? ids[0];
  if (!id) return undefined;
  // A v2 glossary of the pair, or a v3 glossary with a dictionary of the pair (DeepL takes both ids).
  const glossary = await glossaries.forTranslation(caller, id, source, target);
  if (!glossary) throw new ApiBadRequest('api.invalid_parameter', { name: single ? 'glossary_id' : 'glossary_ids' });
  return glossary;
}

/**
 * One glossary dictionary of a request: `source_lang`, `target_lang`, `entries` and
 * `entries_format` (`tsv` or `csv`), each name after `prefix` (`dictionaries[0].` in a v3
 * glossary). The same language on both sides, unreadable or no entries, or a source term
 * listed twice (as DeepL: not resolved by the last line) are a 400, and more than
 * MAX_GLOSSARY_ENTRIES a 413; nothing is added then.
 */
function glossaryDictionaryParam(params: Params, prefix = ''): GlossaryDictionaryInput {
  const source = SOURCE_CODES[enumParam(params, `${prefix}source_lang`, Object.keys(SOURCE_CODES), { required: true })!]!;
  const target = TARGET_CODES[enumParam(params, `${prefix}target_lang`, Object.keys(TARGET_CODES), { required: true })!]!;
  if (source === target) throw Invalid.field(`${prefix}target_lang`, 'translate.same_language');
  const format = enumParam(params, `${prefix}entries_format`, ['tsv', 'csv'] as const, { required: true })!;
  const entries = parseGlossaryEntries(stringParam(params, `${prefix}entries`, { required: true })!, format);
  if (!entries || !entries.length) throw new ApiBadRequest('api.glossary_entries_invalid');
  const repeated = repeatedSourceTerm(entries);
  if (repeated !== undefined) throw new ApiBadRequest('api.glossary_duplicate_term', { term: repeated });
  if (entries.length > MAX_GLOSSARY_ENTRIES) throw new PayloadTooLarge('api.too_many_glossary_entries', { max: MAX_GLOSSARY_ENTRIES });
  return { source, target, entries };
}

const DICTIONARY_FIELDS = ['source_lang', 'target_lang', 'entries', 'entries_format'];
const DICTIONARY_FIELD = /^dictionaries\[(\d{1,4})\]\.(\w+)$/;

/**
 * The dictionaries of a v3 request, as deepl-node sends them in a form
 * (`dictionaries[0].source_lang`, ...) or as a JSON array of objects; each read by
 * glossaryDictionaryParam under its `dictionaries[i].` names, so an error names the field.
 */
function dictionariesParam(params: Params): GlossaryDictionaryInput[] {
  const flat: Params = {};
  if (params.dictionaries !== undefined) {
    const list = params.dictionaries;
    if (!Array.isArray(list) || !list.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) throw new ApiBadRequest('api.invalid_parameter', { name: 'dictionaries' });
    list.forEach((item: Params, index) => {
      for (const [field, value] of Object.entries(item)) flat[`dictionaries[${index}].${field}`] = value;
    });
  }
  const indexes = new Set<number>();
  for (const [name, value] of Object.entries({ ...params, ...flat })) {
    const match = DICTIONARY_FIELD.exec(name);
    if (!match) continue;
    if (!DICTIONARY_FIELDS.includes(match[2]!)) throw new ApiBadRequest('api.unknown_parameter', { name });
    flat[name] = value;
    indexes.add(Number(match[1]));
  }
  const dictionaries = [...indexes].sort((a, b) => a - b).map((index) => glossaryDictionaryParam(flat, `dictionaries[${index}].`));
  const pairs = new Set(dictionaries.map((d) => `${d.source}:${d.target}`));
  if (pairs.size < dictionaries.length) throw new ApiBadRequest('api.invalid_parameter', { name: 'dictionaries' });
  if (dictionaries.reduce((sum, d) => sum + d.entries.length, 0) > MAX_GLOSSARY_ENTRIES) throw new PayloadTooLarge('api.too_many_glossary_entries', { max: MAX_GLOSSARY_ENTRIES });
  return dictionaries;
}

/** Parameter names of a v3 glossary request: `fixed` ones, and `dictionaries[i].field` ones where `dictionaries` is. */
const v3Params = (fixed: string[]) => ({ has: (name: string) => fixed.includes(name) || (fixed.includes('dictionaries') && DICTIONARY_FIELD.test(name)) });

/** A dictionary's language pair named by `source_lang` and `target_lang` (the query of GET entries and DELETE dictionaries). */
function pairParam(params: Params) {
  const source = SOURCE_CODES[enumParam(params, 'source_lang', Object.keys(SOURCE_CODES), { required: true })!]!;
  const target = TARGET_CODES[enumParam(params, 'target_lang', Object.keys(TARGET_CODES), { required: true })!]!;
  return { source, target };
}

/** A glossary's name (its first 100 characters): a blank one is refused as missing. */
function glossaryName(params: Params, options: { required: boolean }) {
  const given = stringParam(params, 'name', options);
  if (given === undefined) return undefined;
  const name = given.trim().slice(0, 100);
  if (!name) throw new ApiBadRequest('api.missing_parameter', { name: 'name' });
  return name;
}

const BOOLEAN = ['0', '1', 'true', 'false'] as const;
const FORMALITY = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;

export interface DeeplDeps {
  keys: ApiKeysService;
  documents: ApiDocuments;
  glossaries: ApiGlossaries;
  texts: ApiTexts;
  repo: ApiKeysRepo;
  /**
   * The caller's use against their plan, from the usage ledger (entitlements): API characters
   * and documents this month, text requests today. A team member sees the team's.
   */
  usageOf(caller: ApiCaller): Promise<Record<'characters' | 'documents' | 'textRequests', { used: number; limit: number }>>;
  /** Server-side time of each /v2/translate answer (with /api/translate's, for operators and the benchmark). */
  recordServiceTime(ms: number): void;
  now: () => Date;
}

export const sendDeeplError = (reply: FastifyReply, failure: ApiFailure) => reply.code(STATUS[failure.kind]).send({ message: failure.message });

/** Unknown paths under /v2/ and /v3/ answer in DeepL's shape (app.ts's not-found handler asks). */
export const isDeeplPath = (url: string) => url === '/v2' || url.startsWith('/v2/') || url === '/v3' || url.startsWith('/v3/');
export const deeplNotFound = (request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });

/** Registers /v2/* (call inside app.register: the scope gets DeepL's error shape and form bodies). */
export function deeplRoutes(app: App, deps: DeeplDeps) {
  const { authenticate } = apiSurface(app, { keys: deps.keys, keyFields: [], send: sendDeeplError });

  /** Translates up to 50 texts (DeepL's /v2/translate: a form, multipart form fields or JSON). */
  app.post('/v2/translate', { ...KEY_ROUTE, schema: answers(deeplTranslateResult), onResponse: async (_request, reply) => deps.recordServiceTime(reply.elapsedTime) }, async (request) => {
    const caller = await authenticate(request);
    // `curl -F text=... -F text=...`: the fields, a repeated one as a list (file parts are dropped).
    const fields = request.isMultipart() ? (await readForm(request, { files: {}, repeated: 'list' })).fields : undefined;
    const params = readParams(request, TRANSLATE_PARAMS, fields);
    const { texts } = textsParam(params, 'text', DEEPL_MAX_TEXTS);
    const source = sourceLangParam(params);
    const target = targetLangParam(params);
    const tagHandling = enumParam(params, 'tag_handling', ['xml', 'html'] as const);
    enumParam(params, 'split_sentences', ['0', '1', 'nonewlines'] as const);
    enumParam(params, 'preserve_formatting', BOOLEAN);
    enumParam(params, 'formality', FORMALITY);
    enumParam(params, 'show_billed_characters', BOOLEAN);
    enumParam(params, 'outline_detection', BOOLEAN);
    enumParam(params, 'model_type', ['quality_optimized', 'prefer_quality_optimized', 'latency_optimized'] as const);
    // The account's glossary terms apply to every translation; a named glossary must exist and match the pair.
    await glossaryParam(deps.glossaries, caller, params, source, target);
    const ignoreTags = listParam(params, 'ignore_tags', { commaSeparated: true });
    const results = await deps.texts.translateMany(caller, request.ip, texts, { source, target, format: tagHandling ?? 'text', ignoreTags });
    const billed = ['1', 'true'].includes(String(params.show_billed_characters ?? ''));
    return {
      translations: results.map((result) => ({
        detected_source_language: deeplCode(result.source),
        text: result.text,
        ...(billed ? { billed_characters: result.characters } : {}),
      })),
    };
  });

  const languages = async (request: FastifyRequest) => {
    await authenticate(request);
    const params = readParams(request, new Set(['type']));
    const type = enumParam(params, 'type', ['source', 'target'] as const) ?? 'source';
    return type === 'source' ? SOURCE_LANGUAGES : TARGET_LANGUAGES;
  };
  /** The languages Lisan translates from (`type=source`, the default) or into (`type=target`). */
  app.get('/v2/languages', { ...KEY_ROUTE, schema: answers(deeplLanguages) }, languages);
  app.post('/v2/languages', { ...KEY_ROUTE, schema: answers(deeplLanguages) }, languages);

  const usage = async (request: FastifyRequest) => {
    const caller = await authenticate(request);
    readParams(request, new Set());
    const used = await deps.usageOf(caller);
    return {
      character_count: used.characters.used,
      character_limit: used.characters.limit,
      document_count: used.documents.used,
      document_limit: used.documents.limit,
      text_request_count: used.textRequests.used,
      text_request_limit: used.textRequests.limit,
    };
  };
  /** Use against the plan: DeepL's characters and documents of the month, plus Lisan's text requests of the day. */
  app.get('/v2/usage', { ...KEY_ROUTE, schema: answers(deeplUsage) }, usage);
  app.post('/v2/usage', { ...KEY_ROUTE, schema: answers(deeplUsage) }, usage);

  /**
   * Uploads a document (multipart `file`, `target_lang`, optional `source_lang`, `filename`,
   * `output_format`, `glossary_id`) for translation; a glossary is checked as on /v2/translate
   * and `output_format` against what Lisan writes for the file, before the upload is accepted.
   */
  app.post('/v2/document', { ...KEY_ROUTE, schema: answers(deeplDocumentHandle) }, async (request) => {
    const started = await deps.documents.upload(request, () => authenticate(request), async (fields, caller) => {
      const params = readParams(request, DOCUMENT_PARAMS, fields);
      enumParam(params, 'formality', FORMALITY);
      const source = sourceLangParam(params);
      const target = targetLangParam(params);
      await glossaryParam(deps.glossaries, caller, params, source, target);
      return { source, target, outputFormat: stringParam(params, 'output_format')?.trim() };
    });
    return { document_id: started.id, document_key: started.key };
  });

  const documentId = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw new NotFound('api.document_not_found');
    return id;
  };

  /** A document's state: queued, translating (with an estimate), done (with the characters billed) or error. */
  app.post('/v2/document/:id', { ...KEY_ROUTE, schema: answers(deeplDocumentStatus) }, async (request) => {
    const caller = await authenticate(request);
    const id = documentId(request);
    const key = stringParam(readParams(request, new Set(['document_key'])), 'document_key', { required: true });
    const status = await deps.documents.status(request, caller, id, key);
    return {
      document_id: id,
      status: status.state,
      ...(status.state === 'queued' || status.state === 'translating' ? { seconds_remaining: Math.max(1, Math.round((100 - status.progress) / 5)) } : {}),
      ...(status.state === 'done' ? { billed_characters: status.characters } : {}),
      ...(status.state === 'error' ? { error_message: status.error ?? 'Translation failed' } : {}),
    };
  });

  /** The translated file, once the document is done (503 before). */
  app.post('/v2/document/:id/result', { ...KEY_ROUTE, schema: answers(file('application/octet-stream', 'The translated document, in its own format (Content-Type says which).')) }, async (request, reply) => {
    const caller = await authenticate(request);
    const id = documentId(request);
    const key = stringParam(readParams(request, new Set(['document_key'])), 'document_key', { required: true });
    const file = await deps.documents.result(request, caller, id, key);
    reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'private, no-store');
    if (file.size !== null) reply.header('content-length', String(file.size));
    return reply.send(file.stream);
  });

  const glossaryInfo = (glossary: ApiGlossary) => ({
    glossary_id: glossary.id,
    name: glossary.name,
    ready: true,
    source_lang: glossary.source,
    target_lang: glossary.target,
    creation_time: glossary.createdAt.toISOString(),
    entry_count: glossary.entries.length,
  });

  /** The language pairs glossaries support. */
  app.get('/v2/glossary-language-pairs', { ...KEY_ROUTE, schema: answers(deeplGlossaryLanguagePairs) }, async (request) => {
    await authenticate(request);
    return {
      supported_languages: [
        { source_lang: 'en', target_lang: 'ar' },
        { source_lang: 'ar', target_lang: 'en' },
      ],
    };
  });

  /** Adds entries (TSV or CSV) to the account's glossary of the pair: the same terms as the web app's glossary. */
  app.post('/v2/glossaries', { ...KEY_ROUTE, schema: answers({ 201: deeplGlossary }) }, async (request, reply) => {
    const caller = await authenticate(request);
    const params = readParams(request, new Set(['name', 'source_lang', 'target_lang', 'entries', 'entries_format']));
    const name = glossaryName(params, { required: true })!;
    const dictionary = glossaryDictionaryParam(params);
    const glossary = await deps.glossaries.create(caller, { name, ...dictionary });
    return reply.code(201).send(glossaryInfo(glossary));
  });

  /** Every glossary the key may use: the account's (and, for a team member, the team's). */
  app.get('/v2/glossaries', { ...KEY_ROUTE, schema: answers(deeplGlossaryList) }, async (request) => {
    const caller = await authenticate(request);
    return { glossaries: (await deps.glossaries.list(caller)).map(glossaryInfo) };
  });

  app.get('/v2/glossaries/:id', { ...KEY_ROUTE, schema: answers(deeplGlossary) }, async (request) => {
    const caller = await authenticate(request);
    return glossaryInfo(await deps.glossaries.find(caller, (request.params as { id: string }).id));
  });

  /** The entries as TSV (DeepL's default) or, when `Accept: text/csv`, CSV. */
  app.get('/v2/glossaries/:id/entries', { ...KEY_ROUTE, schema: answers(page('text/tab-separated-values', 'The entries as TSV, or as CSV (text/csv) when Accept asks for it.')) }, async (request, reply) => {
    const caller = await authenticate(request);
    const glossary = await deps.glossaries.find(caller, (request.params as { id: string }).id);
    const csv = /text\/csv/i.test(String(request.headers.accept ?? ''));
    return reply.header('content-type', csv ? 'text/csv; charset=utf-8' : 'text/tab-separated-values; charset=utf-8').send(formatGlossaryEntries(glossary.entries, csv ? 'csv' : 'tsv'));
  });

  app.delete('/v2/glossaries/:id', { ...KEY_ROUTE, schema: answers({ 204: noContent }) }, async (request, reply) => {
    const caller = await authenticate(request);
    await deps.glossaries.remove(caller, (request.params as { id: string }).id);
    return reply.code(204).send();
  });

  deeplV3GlossaryRoutes(app, deps, authenticate);
}

/**
 * DeepL's v3 (multilingual) glossaries over the same terms as /v2/glossaries: the account's
 * one glossary, whose dictionaries are its language pairs (docs/api.md). Its id is also taken
 * as `glossary_id` by /v2/translate and /v2/document.
 */
function deeplV3GlossaryRoutes(app: App, deps: DeeplDeps, authenticate: (request: FastifyRequest) => Promise<ApiCaller>) {
  const dictionaryInfo = (dictionary: ApiGlossary) => ({
    source_lang: dictionary.source,
    target_lang: dictionary.target,
    entry_count: dictionary.entries.length,
    creation_time: dictionary.createdAt.toISOString(),
  });
  const glossaryInfo = (glossary: ApiMultilingualGlossary) => ({
    glossary_id: glossary.id,
    name: glossary.name,
    dictionaries: glossary.dictionaries.map(dictionaryInfo),
    creation_time: glossary.createdAt.toISOString(),
  });
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  /** Adds the dictionaries' entries to the account's terms and names its glossary. */
  app.post('/v3/glossaries', { ...KEY_ROUTE, schema: answers({ 201: deeplMultilingualGlossary }) }, async (request, reply) => {
    const caller = await authenticate(request);
    const params = readParams(request, v3Params(['name', 'dictionaries']));
    const name = glossaryName(params, { required: true })!;
    const dictionaries = dictionariesParam(params);
    if (!dictionaries.length) throw new ApiBadRequest('api.missing_parameter', { name: 'dictionaries' });
    return reply.code(201).send(glossaryInfo(await deps.glossaries.createMultilingual(caller, { name, dictionaries })));
  });

  /** The glossaries the key may use: the account's (and, for a team member, the team's). */
  app.get('/v3/glossaries', { ...KEY_ROUTE, schema: answers(deeplMultilingualGlossaryList) }, async (request) => {
    const caller = await authenticate(request);
    readParams(request, new Set());
    return { glossaries: (await deps.glossaries.listMultilingual(caller)).map(glossaryInfo) };
  });

  app.get('/v3/glossaries/:id', { ...KEY_ROUTE, schema: answers(deeplMultilingualGlossary) }, async (request) => {
    const caller = await authenticate(request);
    readParams(request, new Set());
    return glossaryInfo(await deps.glossaries.findMultilingual(caller, idOf(request)));
  });

  /** A new name and/or entries merged into one dictionary (DeepL takes 0 or 1 dictionaries here). */
  app.patch('/v3/glossaries/:id', { ...KEY_ROUTE, schema: answers(deeplMultilingualGlossary) }, async (request) => {
    const caller = await authenticate(request);
    const params = readParams(request, v3Params(['name', 'dictionaries']));
    const name = glossaryName(params, { required: false });
    const dictionaries = dictionariesParam(params);
    if (dictionaries.length > 1) throw new ApiBadRequest('api.invalid_parameter', { name: 'dictionaries' });
    if (name === undefined && !dictionaries.length) throw new ApiBadRequest('api.missing_parameter', { name: 'dictionaries' });
    return glossaryInfo(await deps.glossaries.updateMultilingual(caller, idOf(request), { name, dictionary: dictionaries[0] }));
  });

  /** The entries of one dictionary (`source_lang` and `target_lang`), as TSV inside JSON. */
  app.get('/v3/glossaries/:id/entries', { ...KEY_ROUTE, schema: answers(deeplMultilingualGlossaryEntries) }, async (request) => {
    const caller = await authenticate(request);
    const { source, target } = pairParam(readParams(request, new Set(['source_lang', 'target_lang'])));
    const dictionary = await deps.glossaries.dictionary(caller, idOf(request), source, target);
    return { dictionaries: [{ source_lang: dictionary.source, target_lang: dictionary.target, entries: formatGlossaryEntries(dictionary.entries, 'tsv'), entries_format: 'tsv' as const }] };
  });

  /** Replaces (or makes) the dictionary of a pair: its terms become exactly the entries. */
  app.put('/v3/glossaries/:id/dictionaries', { ...KEY_ROUTE, schema: answers(deeplMultilingualDictionary) }, async (request) => {
    const caller = await authenticate(request);
    const dictionary = glossaryDictionaryParam(readParams(request, new Set(DICTIONARY_FIELDS)));
    return dictionaryInfo(await deps.glossaries.replaceDictionary(caller, idOf(request), dictionary));
  });

  app.delete('/v3/glossaries/:id/dictionaries', { ...KEY_ROUTE, schema: answers({ 204: noContent }) }, async (request, reply) => {
    const caller = await authenticate(request);
    const { source, target } = pairParam(readParams(request, new Set(['source_lang', 'target_lang'])));
    await deps.glossaries.removeDictionary(caller, idOf(request), source, target);
    return reply.code(204).send();
  });

  /** Deletes the glossary: every dictionary's terms (in the web app too) and its name. */
  app.delete('/v3/glossaries/:id', { ...KEY_ROUTE, schema: answers({ 204: noContent }) }, async (request, reply) => {
    const caller = await authenticate(request);
    readParams(request, new Set());
    await deps.glossaries.removeMultilingual(caller, idOf(request));
    return reply.code(204).send();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Parameters of POST /v2/document (those that do not apply are accepted and ignored). */
const DOCUMENT_PARAMS = new Set(['source_lang', 'target_lang', 'filename', 'output_format', 'formality', 'glossary_id', 'glossary_ids', 'style_id', 'translation_memory_id', 'translation_memory_threshold', 'enable_beta_languages']);
