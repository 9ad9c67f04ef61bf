import { CompiledQuery, sql, type Kysely } from 'kysely';
import { insertSql, type FullRow } from '../../db/bulk-insert';
import type { DB } from '../../db/schema';
import { insertHistoryEntriesSql, type NewHistoryEntry } from '../history/repo';
import type { TextTranslationsTable, TranslationSegmentsTable } from '../../db/tables/translate';

/** The columns a saved translation gives (every column). */
const TRANSLATION_COLUMNS = ['id', 'user_id', 'source_lang', 'target_lang', 'detected', 'domain', 'llm', 'engine', 'characters', 'leading_space', 'created_at'] as const;
/** The columns a saved sentence gives: all but its reaction (none yet: null). `machine_target` is set when memory answered with an approved correction. */
const SEGMENT_COLUMNS = ['id', 'translation_id', 'position', 'source', 'target', 'separator', 'origin', 'machine_target'] as const;

type NewTranslation = FullRow<TextTranslationsTable, (typeof TRANSLATION_COLUMNS)[number]>;
type NewSegment = FullRow<TranslationSegmentsTable, (typeof SEGMENT_COLUMNS)[number]>;

export function createTranslateRepo(db: Kysely<DB>) {
  return {
    async hasMemory(ownerKey: string) {
      return Boolean(await db.selectFrom('translation_memory').select('id').where('owner_key', '=', ownerKey).limit(1).executeTakeFirst());
    },

    /**
     * Translation memory hits: exact ones (source_norm among `norms`) and fuzzy candidates
     * (source_skeleton among `skeletons`, see pipeline/memory.fns.ts), in one indexed look-up;
     * suggestions before likes, newest first. A correction comes with the machine's words it replaced, when known.
     */
    findMemory(ownerKeys: string[], source: string, target: string, norms: string[], skeletons: string[] = []) {
      return db
        .selectFrom('translation_memory')
        .select(['source_norm', 'source_skeleton', 'target_text', 'machine_text', 'origin', 'owner_key'])
        .where('owner_key', 'in', ownerKeys)
        .where('source_lang', '=', source as 'en' | 'ar')
        .where('target_lang', '=', target as 'en' | 'ar')
        .where((eb) => (skeletons.length ? eb.or([eb('source_norm', 'in', norms), eb('source_skeleton', 'in', skeletons)]) : eb('source_norm', 'in', norms)))
        .orderBy(sql`case when origin = 'suggestion' then 0 else 1 end`)
        .orderBy('updated_at', 'desc')
        .execute();
    },

    async upsertMemory(entry: {
      ownerKey: string;
      ownerUserId: number | null;
      teamId: number | null;
      source: 'en' | 'ar';
      target: 'en' | 'ar';
      sourceNorm: string;
      sourceText: string;
      targetText: string;
      /** An approved correction's: the machine's words it replaces, when known; a like has none. */
      machineText?: string | null;
      origin: 'suggestion' | 'like';
      now: Date;
    }) {
      await db
        .insertInto('translation_memory')
        .values({
          owner_key: entry.ownerKey,
          owner_user_id: entry.ownerUserId,
          team_id: entry.teamId,
          source_lang: entry.source,
          target_lang: entry.target,
          source_norm: entry.sourceNorm,
          source_text: entry.sourceText,
          target_text: entry.targetText,
          machine_text: entry.machineText ?? null,
          origin: entry.origin,
          created_at: entry.now,
          updated_at: entry.now,
        })
        .onConflict((oc) =>
          oc
            .columns(['owner_key', 'source_lang', 'target_lang', 'source_norm', 'origin'])
            .doUpdateSet({
              source_text: entry.sourceText,
              target_text: entry.targetText,
              // A correction made over an earlier one comes with that one's machine's words (createMemoryApprovals).
              machine_text: entry.machineText ?? null,
              updated_at: entry.now,
            }),
        )
        .execute();
    },

    async deleteMemory(entry: { ownerKey: string; source: 'en' | 'ar'; target: 'en' | 'ar'; sourceNorm: string; origin: 'suggestion' | 'like'; targetText?: string }) {
      let query = db
        .deleteFrom('translation_memory')
        .where('owner_key', '=', entry.ownerKey)
        .where('source_lang', '=', entry.source)
        .where('target_lang', '=', entry.target)
        .where('source_norm', '=', entry.sourceNorm)
        .where('origin', '=', entry.origin);
      if (entry.targetText !== undefined) query = query.where('target_text', '=', entry.targetText);
      await query.execute();
    },

    /**
     * Saves translations, their segments and (for signed-in users) their history entries
     * in one statement: data-modifying CTEs, so a batch of requests pays one round trip.
     * A big batch sends each table's rows as one JSON parameter (db/bulk-insert.ts).
     * The history entries' insert is the history module's (insertHistoryEntriesSql).
     *
     * `take`, when given, is an SQL expression of the caller's evaluated in the same statement
     * (the usage ledger's `takeSql`: the translations' quota units), its parameters appended to
     * those it is given; the statement answers its value, and fails, saving nothing, when it does.
     */
    async insertTranslations(
      items: Array<{
        translation: NewTranslation;
        segments: NewSegment[];
        historyEntry: NewHistoryEntry | null;
      }>,
      take?: (params: unknown[]) => string,
    ): Promise<unknown> {
      const translations = items.map((item) => item.translation);
      const segments = items.flatMap((item) => item.segments);
      const history = items.flatMap((item) => (item.historyEntry ? [item.historyEntry] : []));
      const params: unknown[] = [];
      let text = `with "saved_translations" as (${insertSql('text_translations', TRANSLATION_COLUMNS, translations, params)} returning "id")`;
      if (history.length) text += `, "saved_history" as (${insertHistoryEntriesSql(history, params)})`;
      if (!take) {
        text += ` ${insertSql('translation_segments', SEGMENT_COLUMNS, segments, params)}`;
        await db.executeQuery(CompiledQuery.raw(text, params));
        return undefined;
      }
      text += `, "saved_segments" as (${insertSql('translation_segments', SEGMENT_COLUMNS, segments, params)})`;
      text += ` select ${take(params)} as "taken"`;
      const { rows } = await db.executeQuery<{ taken: unknown }>(CompiledQuery.raw(text, params));
      return rows[0]!.taken;
    },

    findTranslation(id: string) {
      return db.selectFrom('text_translations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listSegments(translationId: string) {
      return db.selectFrom('translation_segments').selectAll().where('translation_id', '=', translationId).orderBy('position').execute();
    },

    /** A segment with its translation's owner and languages. */
    findSegment(id: string) {
      return db
        .selectFrom('translation_segments as s')
        .innerJoin('text_translations as t', 't.id', 's.translation_id')
        .select([
          's.id',
          's.translation_id',
          's.position',
          's.source',
          's.target',
          's.machine_target',
          's.reaction',
          't.user_id',
          't.source_lang',
          't.target_lang',
          't.domain',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    /** An approved correction becomes the sentence's translation; the first one keeps what it replaced (`machine_target`). */
    async setSegmentTarget(segmentId: string, target: string) {
      await db
        .updateTable('translation_segments')
        .set((eb) => ({ target, machine_target: eb.fn.coalesce('machine_target', 'target') }))
        .where('id', '=', segmentId)
        .execute();
    },

    /**
     * Per translation: how many sentences it has, how many show an approved correction (a different text than the
     * machine's), and how many were liked or disliked (the history list's text entries).
     */
    async sentenceFeedback(translationIds: string[]) {
      const rows = await db
        .selectFrom('translation_segments')
        .select([
          'translation_id',
          sql<string>`count(*)`.as('segments'),
          sql<string>`count(*) filter (where machine_target <> target)`.as('corrected'),
          sql<string>`count(*) filter (where reaction = 'like')`.as('liked'),
          sql<string>`count(*) filter (where reaction = 'dislike')`.as('disliked'),
        ])
        .where('translation_id', 'in', translationIds)
        .groupBy('translation_id')
        .execute();
      return rows.map((row) => ({
        translationId: row.translation_id,
        segments: Number(row.segments),
        corrected: Number(row.corrected),
        liked: Number(row.liked),
        disliked: Number(row.disliked),
      }));
    },

    async setReaction(segmentId: string, reaction: 'like' | 'dislike' | null, now: Date) {
      await db
        .updateTable('translation_segments')
        .set({ reaction, reacted_at: reaction ? now : null })
        .where('id', '=', segmentId)
        .execute();
    },

    async deleteTranslations(ids: string[]) {
      if (!ids.length) return 0;
      const result = await db.deleteFrom('text_translations').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteTranslationsOfUser(userId: number) {
      const result = await db.deleteFrom('text_translations').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async purgeGuestTranslationsBefore(cutoff: Date, limit: number) {
      const result = await db
        .deleteFrom('text_translations')
        .where('id', 'in', (qb) =>
          qb.selectFrom('text_translations').select('id').where('user_id', 'is', null).where('created_at', '<', cutoff).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TranslateRepo = ReturnType<typeof createTranslateRepo>;
