import { uuidv7 } from '../../db/uuid';
import { LatencyHistogram } from '../../http/latency';
import type { Logger } from 'pino';
import type { UserRow } from '../../db/schema';
import { countCharacters, countWords, detectLanguage, DICTIONARY_MAX_WORDS } from '../../text/toolkit';
import type { DictionaryEngine } from '../../engines/dictionary/engine';
import { AllEnginesFailed, NoEngineAvailable, type EngineRouter } from '../../engines/router';
import { segmentText } from '../../engines/segment';
import type { Domain, Lang } from '../../engines/types';
import { AppError, Invalid, LimitExceeded } from '../../http/errors';
import type { TranslationPipeline } from '../../pipeline/pipeline';
import { historyTitle, type HistoryService } from '../history/service';
import type { EntitlementsService } from '../entitlements/service';
import type { Consumption, ConsumeOutcomes, ConsumeRequest, UsageLedger } from '../entitlements/ledger';
import { createBatcher } from '../../db/batcher';
import type { TranslateRepo } from './repo';
import type { TranslateInput } from '../../../../contract/translate';

/** 503: no engine could translate (none configured for the pair, or every one failed). */
export class EngineUnavailable extends AppError {
  constructor() {
    super(503, 'translate.engine_unavailable');
  }
}

export interface TranslateContext {
  user: UserRow | null;
  ip: string;
  /** 'api' for requests made with an API key: their history entries say so. */
  channel?: 'web' | 'api';
  /**
   * translateTexts: units without a limit to take with the texts' own (a developer API key's
   * figures), in the same statement; given back, as theirs, when the texts fail.
   */
  alsoTake?: ConsumeRequest[];
}

export { DICTIONARY_MAX_WORDS };

/** Both languages of the pair are English or Arabic: the LLM mode's only pair. */
export const isLlmPair = (source: Lang, target: Lang) => ['en', 'ar'].includes(source) && ['en', 'ar'].includes(target) && source !== target;

export function createTranslateService(deps: {
  repo: TranslateRepo;
  /** The engine router: which engines exist (the LLM mode's check); translations go through the pipeline. */
  router: Pick<EngineRouter, 'has'>;
  pipeline: Pick<TranslationPipeline, 'translate'>;
  dictionary: DictionaryEngine;
  entitlements: EntitlementsService;
  history: HistoryService;
  now: () => Date;
  logger: Logger;
  guestRetentionHours: number;
  /** Batches written at once: 1 on PGlite (one connection), more on PostgreSQL. */
  batchConcurrency?: number;
  ledger: Pick<UsageLedger, 'purgeOld' | 'submit' | 'takeSql' | 'usedOf' | 'allowedIn'>;
}) {
  /** The dictionary field: entries for the phrase and each of its words (inputs of three words or fewer). */
  function dictionaryEntries(text: string, source: Lang, target: Lang) {
    const trimmed = text.trim();
    if (trimmed.length > 80 || countWords(trimmed) > DICTIONARY_MAX_WORDS) return [];
    const words = trimmed.match(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu) ?? [];
    const entries = words.length > 1 ? deps.dictionary.lookup(words.join(' '), source, target) : [];
    for (const word of words) {
      for (const entry of deps.dictionary.lookup(word, source, target)) {
        if (!entries.some((e) => e.word === entry.word)) entries.push(entry);
      }
    }
    return entries.slice(0, 8);
  }

  async function loadTranslation(projectId: string, userId: number) {
    const translation = await deps.repo.findTranslation(projectId);
    if (!translation || translation.user_id !== userId) return null;
    const segments = await deps.repo.listSegments(projectId);
    return {
      source_lang: translation.source_lang,
      target_lang: translation.target_lang,
      domain: translation.domain,
      engine: translation.engine,
      llm: translation.llm,
      leading: translation.leading_space,
      text: translation.leading_space + segments.map((s) => s.source + s.separator).join(''),
      translation: translation.leading_space + segments.map((s) => s.target + s.separator).join(''),
      segments: segments.map((s) => ({
        translationId: s.id,
        source: s.source,
        target: s.target,
        separator: s.separator,
        reaction: s.reaction,
        // Corrected to the very text the machine gave is no correction to show.
        machine_target: s.machine_target !== null && s.machine_target !== s.target ? s.machine_target : null,
      })),
    };
  }

  type SaveItem = Parameters<TranslateRepo['insertTranslations']>[0][number] & { units: ConsumeRequest[] };

  // Group commit: concurrent requests share one INSERT (see batcher.ts), and the quota units
  // that go with it (usage_ledger_take): each item resolves to the counts after its units, in
  // their order. A refused unit fails the whole statement; the batcher then writes the items
  // one by one, so that only the refused one fails (its error says which of its units it was).
  const saves = createBatcher({
    run: async (items: SaveItem[]) => {
      const units = items.flatMap((item) => item.units);
      const taken = await deps.repo.insertTranslations(items, units.length ? (params) => deps.ledger.takeSql(units, params) : undefined);
      let next = 0;
      return items.map((item) => item.units.map(() => deps.ledger.usedOf(taken as ConsumeOutcomes, next++)));
    },
    concurrency: deps.batchConcurrency,
  });

  /**
   * The quota subjects refused lately in this process, each with the metric and period it was
   * refused in. A text's unit is taken in its save's statement, after the engine; a caller past
   * the quota would cost an engine run each time, so once refused it takes the unit first, in
   * the ledger's own statement, until that is allowed again (a new day, a bigger plan).
   */
  const refusedLately = new Map<string, string>();
  const refusalKeys = (units: ConsumeRequest) => units.subjects.filter((s) => s.limit !== null).map((s) => `${s.subject}\u0000${units.metric}`);
  const refusal = {
    has: (units: ConsumeRequest) => refusalKeys(units).some((key) => refusedLately.get(key) === units.period),
    note(units: ConsumeRequest) {
      if (refusedLately.size >= 10_000) refusedLately.clear();
      for (const key of refusalKeys(units)) refusedLately.set(key, units.period);
    },
    forget(units: ConsumeRequest) {
      for (const key of refusalKeys(units)) refusedLately.delete(key);
    },
  };

  /**
   * Takes units first, in the ledger's own group commit (a caller refused lately): all of them,
   * or none and each one's decision; the limited ones' subjects are forgotten once allowed.
   */
  async function takeFirst(requests: ConsumeRequest[]): Promise<{ taken: Consumption[]; allowed?: undefined } | { allowed: boolean[] }> {
    const taken = await Promise.all(requests.map((request) => deps.ledger.submit(request)));
    if (taken.some((units) => !units.allowed)) {
      await Promise.all(taken.map((units) => units.release())).catch((releaseError) => deps.logger.error({ err: releaseError }, 'could not give usage units back'));
      return { allowed: taken.map((units) => units.allowed) };
    }
    for (const request of requests) refusal.forget(request);
    return { taken };
  }

  /** The one pipeline (memory, glossaries, the engine router); no engine answering is a 503. */
  async function throughPipeline(request: Parameters<TranslationPipeline['translate']>[0]) {
    try {
      return await deps.pipeline.translate(request);
    } catch (error) {
      if (error instanceof NoEngineAvailable || error instanceof AllEnginesFailed) {
        deps.logger.error({ err: error.message, source: request.source, target: request.target, domain: request.domain }, 'translation failed: no engine answered');
        throw new EngineUnavailable();
      }
      throw error;
    }
  }

  type SavedSegment = Parameters<TranslateRepo['insertTranslations']>[0][number]['segments'][number];

  /** Stores a translation, its sentences and, for a user, its history entry (group-committed). */
  function save(entry: {
    projectId: string;
    user: UserRow | null;
    teamId: number | null;
    source: Lang;
    target: Lang;
    detected: boolean;
    domain: Domain;
    llm: boolean;
    engine: string;
    characters: number;
    leading: string;
    segments: SavedSegment[];
    sourceText: string;
    translatedText: string;
    channel: 'web' | 'api';
    /** Quota units taken with the save, in its statement: the save resolves to the counts after them. */
    units?: ConsumeRequest[];
  }) {
    const now = deps.now();
    return saves.submit({
      units: entry.units ?? [],
      translation: {
        id: entry.projectId,
        user_id: entry.user?.id ?? null,
        source_lang: entry.source,
        target_lang: entry.target,
        detected: entry.detected,
        domain: entry.domain,
        llm: entry.llm,
        engine: entry.engine,
        characters: entry.characters,
        leading_space: entry.leading,
        created_at: now,
      },
      segments: entry.segments,
      historyEntry: entry.user
        ? {
            project_id: entry.projectId,
            user_id: entry.user.id,
            team_id: entry.teamId,
            type: 'text',
            source_lang: entry.source,
            target_lang: entry.target,
            domain: entry.domain,
            title: historyTitle(entry.sourceText),
            preview: historyTitle(entry.translatedText, 200),
            search_text: `${entry.sourceText.slice(0, 1000)}\n${entry.translatedText.slice(0, 1000)}`,
            state: 'done',
            file_id: null,
            channel: entry.channel,
            created_at: now,
            updated_at: now,
          }
        : null,
    });
  }

  // The service times of POST /api/translate since the start or the last reset, for serviceStats().
  const serviceTimes = new LatencyHistogram();

  deps.history.registerType('text', {
    detail: loadTranslation,
    remove: async (projectIds) => {
      await deps.repo.deleteTranslations(projectIds);
    },
    feedback: async (projectIds) => {
      const rows = await deps.repo.sentenceFeedback(projectIds);
      return new Map(
        rows.map((row) => [row.translationId, { segments: row.segments, corrected_segments: row.corrected, liked_segments: row.liked, disliked_segments: row.disliked }]),
      );
    },
  });

  return {
    /** POST /api/translate: the translation (`data`) and the dictionary entries; the route writes them as the contract's JSON text. */
    async translate(input: TranslateInput, context: TranslateContext) {
      const { user } = context;
      const target = input.target_lang as Lang;
      const domain = input.domain as Domain;
      let source: Lang;
      const detected = input.source_lang === 'auto';
      if (detected) {
        source = detectLanguage(input.text)?.lang ?? (target === 'ar' ? 'en' : 'ar');
        if (source === target) throw Invalid.field('text', 'translate.already_target_language');
      } else {
        source = input.source_lang as Lang;
        if (source === target) throw Invalid.field('target_lang', 'translate.same_language');
      }

      const entitled = await deps.entitlements.entitlementsFor(user ? { user } : { guest: { token: input.token, ip: context.ip } });
      const limits = { charLimit: entitled.limits.charLimit, requestQuota: entitled.limits.textRequestsPerDay, team: entitled.team };
      if (entitled.trial.expired) throw new LimitExceeded('trial_expired', 'translate.trial_expired');
      let useLlm = false;
      if (input.llm) {
        if (!isLlmPair(source, target)) throw Invalid.field('llm', 'translate.llm_pair');
        if (!user || !entitled.features.llmInPlan) throw await deps.entitlements.planFeatureMissing('llm', 'translate.plan_feature');
        if (entitled.features.llmDisabledByTeam) throw new LimitExceeded('llm_disabled', 'translate.llm_disabled');
        // Allowed, but no LLM engine is configured: fall back to the usual chain and say so.
        useLlm = deps.router.has('llm', source, target);
      }
      const characters = countCharacters(input.text.trim());
      if (characters > limits.charLimit) throw new LimitExceeded('char_limit', 'translate.char_limit');

      // The quota unit is taken with the save, in its statement (one statement a translation);
      // a caller refused lately takes it first instead (see refusedLately).
      const units = await deps.entitlements.prepare(entitled, 'text_requests');
      if (units.refused) throw new LimitExceeded('request_quota', 'translate.request_quota');
      const first = refusal.has(units.request) ? await takeFirst([units.request]) : null;
      if (first?.allowed) throw new LimitExceeded('request_quota', 'translate.request_quota');
      const early = first?.taken[0] ?? null;

      try {
        const segmented = segmentText(input.text, source);
        const sources = segmented.segments.map((segment) => segment.text);
        const targets = new Array<string>(sources.length);
        const origins = new Array<string>(sources.length);
        // Sentences memory answered with an approved correction: the machine's words it replaced (saved with the
        // sentence, as a correction made on it would be, so the translator lists it and the history marks it).
        const machineTargets = new Array<string | null>(sources.length).fill(null);
        const glossaryApplied = new Array<boolean>(sources.length).fill(false);
        // The glossary terms this translation applied, once each (the translator lists them).
        const appliedTerms = new Map<string, { source: string; target: string }>();
        // The one pipeline: memory (the user's and team's), glossaries, the engine router.
        const result = await throughPipeline({ owner: { userId: user?.id ?? null, teamId: limits.team?.teamId ?? null }, segments: sources, source, target, domain, llm: useLlm });
        const engine = result.engine;
        result.segments.forEach((segment, index) => {
          targets[index] = segment.target;
          origins[index] = segment.origin;
          machineTargets[index] = segment.machineTarget ?? null;
          glossaryApplied[index] = segment.glossaryTerms.length > 0;
          for (const term of segment.glossaryTerms) appliedTerms.set(`${term.source}\u0000${term.target}`, { source: term.source, target: term.target });
        });

        const projectId = uuidv7();
        const segments = sources.map((text, index) => ({
          id: uuidv7(),
          translation_id: projectId,
          position: index,
          source: text,
          target: targets[index]!,
          separator: segmented.segments[index]!.separator,
          origin: origins[index]!,
          machine_target: machineTargets[index]!,
        }));
        const translatedText = segmented.leading + segments.map((s) => s.target + s.separator).join('');
        const usedLlm = useLlm && engine === 'llm';
        const used = await save({
          projectId,
          user,
          teamId: limits.team?.teamId ?? null,
          source,
          target,
          detected,
          domain,
          llm: usedLlm,
          engine,
          characters,
          leading: segmented.leading,
          segments,
          sourceText: input.text,
          translatedText,
          channel: context.channel ?? 'web',
          units: early ? [] : [units.request],
        });

        const data = {
          project_id: projectId,
          source_lang: source,
          target_lang: target,
          detected,
          domain,
          engine,
          llm: usedLlm,
          ...(input.llm && !usedLlm ? { llm_unavailable: true } : {}),
          leading: segmented.leading,
          segments: segments.map((s, index) => ({
            translationId: s.id,
            source: s.source,
            target: s.target,
            separator: s.separator,
            origin: s.origin,
            ...(s.machine_target !== null ? { machine_target: s.machine_target } : {}),
            ...(glossaryApplied[index] ? { glossary: true } : {}),
          })),
          glossary_terms: [...appliedTerms.values()],
          usage: { text_requests_today: early?.used ?? used[0] ?? 0, request_quota: limits.requestQuota, char_limit: limits.charLimit },
        };
        return { data, dictionary: dictionaryEntries(input.text, source, target) };
      } catch (error) {
        // A request that fails is not counted: a unit taken first is given back (one taken with the save was not taken).
        await early?.release().catch((releaseError) => deps.logger.error({ err: releaseError }, 'could not give a usage unit back'));
        if (deps.ledger.allowedIn(error)) {
          refusal.note(units.request);
          throw new LimitExceeded('request_quota', 'translate.request_quota');
        }
        throw error;
      }
    },

    /**
     * Several texts of one developer API request (DeepL's `text` list, LibreTranslate's `q`
     * array), the same rules as translate() in one pass: one entitlement read, one quota
     * consumption of a unit per text (all or none), one pipeline call per source language,
     * and one history entry (marked as API) per source language holding the request's texts.
     * A text already in the target language comes back unchanged and is not counted, as
     * DeepL and LibreTranslate do.
     */
    async translateTexts(input: { texts: string[]; source_lang: Lang | 'auto'; target_lang: Lang }, context: TranslateContext) {
      const { user } = context;
      const target = input.target_lang;
      if (input.source_lang === target) throw Invalid.field('target_lang', 'translate.same_language');
      const entitled = await deps.entitlements.entitlementsFor(user ? { user } : { guest: { ip: context.ip } });
      if (entitled.trial.expired) throw new LimitExceeded('trial_expired', 'translate.trial_expired');
      type Item = { index: number; text: string; source: Lang; segmented: ReturnType<typeof segmentText> };
      const results = input.texts.map((text) => ({ source: target as Lang, leading: '', segments: [] as Array<{ target: string; separator: string }>, text }));
      const work: Item[] = [];
      input.texts.forEach((text, index) => {
        const source = input.source_lang === 'auto' ? (detectLanguage(text)?.lang ?? (target === 'ar' ? 'en' : 'ar')) : input.source_lang;
        if (!text.trim() || source === target) {
          // Nothing to translate: the text as it is, a line per segment.
          const lines = text.split('\n');
          results[index] = { source, leading: '', segments: lines.map((line, i) => ({ target: line, separator: i < lines.length - 1 ? '\n' : '' })), text };
          return;
        }
        if (countCharacters(text.trim()) > entitled.limits.charLimit) throw new LimitExceeded('char_limit', 'translate.char_limit');
        work.push({ index, text, source, segmented: segmentText(text, source) });
      });
      if (!work.length) {
        // Nothing counted on the plan; the caller's own units (a key's request) still are.
        await Promise.all((context.alsoTake ?? []).map((request) => deps.ledger.submit(request)));
        return results;
      }

      // A unit per text of the day's requests, and the developer API's characters of the month
      // (DeepL's character_count), taken with the save when the texts are of one language (one
      // save: the usual case), else first, in the ledger's group commit; when either is
      // refused, neither is taken.
      const prepared = await Promise.all([
        deps.entitlements.prepare(entitled, 'text_requests', work.length),
        deps.entitlements.prepare(entitled, 'api_characters', work.reduce((sum, item) => sum + countCharacters(item.text), 0)),
      ]);
      const refusedError = (allowed: boolean[]) => (allowed[0] === false ? new LimitExceeded('request_quota', 'translate.request_quota') : new LimitExceeded('api_characters', 'api.quota_exceeded'));
      if (prepared[0].refused || prepared[1].refused) throw refusedError([!prepared[0].refused, !prepared[1].refused]);
      const limited = [prepared[0].request, prepared[1].request];
      const units = [...limited, ...(context.alsoTake ?? [])];
      const languages = [...new Set(work.map((item) => item.source))];
      const withSave = languages.length === 1 && !limited.some(refusal.has);
      let early: Consumption[] = [];
      if (!withSave) {
        const first = await takeFirst(units);
        if (first.allowed) throw refusedError(first.allowed);
        early = first.taken;
      }
      try {
        const teamId = entitled.team?.teamId ?? null;
        for (const source of languages) {
          const group = work.filter((item) => item.source === source);
          const sources = group.flatMap((item) => item.segmented.segments.map((segment) => segment.text));
          const translated = await throughPipeline({ owner: { userId: user?.id ?? null, teamId }, segments: sources, source, target, domain: 'general', llm: false });
          const projectId = uuidv7();
          const rows: SavedSegment[] = [];
          let position = 0;
          for (const [g, item] of group.entries()) {
            const out = item.segmented.segments.map((segment) => {
              const result = translated.segments[position]!;
              rows.push({
                id: uuidv7(),
                translation_id: projectId,
                position,
                source: segment.text,
                target: result.target,
                // The texts of the request follow each other in the entry, a blank line apart.
                separator: g < group.length - 1 && segment === item.segmented.segments.at(-1) ? `${segment.separator}\n\n` : segment.separator,
                origin: result.origin,
                machine_target: result.machineTarget ?? null,
              });
              position++;
              return { target: result.target, separator: segment.separator };
            });
            results[item.index] = { source, leading: item.segmented.leading, segments: out, text: item.text };
          }
          const sourceText = group.map((item) => item.text.trim()).join('\n\n');
          const translatedText = rows.map((row) => row.target + row.separator).join('');
          await save({
            projectId,
            user,
            teamId,
            source,
            target,
            detected: input.source_lang === 'auto',
            domain: 'general',
            llm: false,
            engine: translated.engine,
            characters: group.reduce((sum, item) => sum + countCharacters(item.text.trim()), 0),
            leading: '',
            segments: rows,
            sourceText,
            translatedText,
            channel: context.channel ?? 'api',
            units: withSave ? units : [],
          });
        }
        return results;
      } catch (error) {
        // Units taken first are given back; units taken with the save were not taken.
        await Promise.all(early.map((taken) => taken.release())).catch((releaseError) => deps.logger.error({ err: releaseError }, 'could not give usage units back'));
        const allowed = deps.ledger.allowedIn(error);
        if (allowed) {
          limited.forEach((request, index) => {
            if (allowed[index] === false) refusal.note(request);
          });
          throw refusedError(allowed);
        }
        throw error;
      }
    },

    loadTranslation,

    recordServiceTime(ms: number) {
      serviceTimes.record(ms);
    },

    /** Requests and service-time percentiles (ms) of POST /api/translate in this process, since the start or the last reset. */
    serviceStats() {
      return { requests: serviceTimes.count, p50Ms: serviceTimes.percentile(50), p99Ms: serviceTimes.percentile(99) };
    },

    resetServiceStats() {
      serviceTimes.reset();
    },

    /** Deletes guests' texts past their retention and old usage counters (the scheduled job). */
    async purgeGuestData() {
      const cutoff = new Date(deps.now().getTime() - deps.guestRetentionHours * 3_600_000);
      let deleted = 0;
      for (;;) {
        const batch = await deps.repo.purgeGuestTranslationsBefore(cutoff, 1000);
        deleted += batch;
        if (batch < 1000) break;
      }
      const counters = await deps.ledger.purgeOld();
      return { translations: deleted, counters };
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;
