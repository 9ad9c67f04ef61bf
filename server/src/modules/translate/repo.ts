import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { HistoryEntriesTable } from '../history/tables';
import type { TextTranslationsTable, TranslationSegmentsTable } from './tables';

export function createTranslateRepo(db: Kysely<DB>) {
  return {
    /**
     * Adds one to each subject's counter for every item and returns each item's counts
     * as they were right after its own increment. Many requests share one statement
     * (see the usage batcher); the same subject may appear in several items.
     */
    async incrementUsageBatch(items: Array<{ subjects: string[]; metric: string; periodStart: string }>, now: Date) {
      const key = (subject: string, metric: string, period: string) => `${subject}\u0000${metric}\u0000${period}`;
      const increments = new Map<string, { subject: string; metric: string; period_start: string; count: number }>();
      for (const item of items) {
        for (const subject of new Set(item.subjects)) {
          const k = key(subject, item.metric, item.periodStart);
          const row = increments.get(k);
          if (row) row.count++;
          else increments.set(k, { subject, metric: item.metric, period_start: item.periodStart, count: 1 });
        }
      }
      const rows = await db
        .insertInto('usage_counters')
        .values([...increments.values()].map((row) => ({ ...row, updated_at: now })))
        .onConflict((oc) =>
          oc.columns(['subject', 'metric', 'period_start']).doUpdateSet({ count: sql`usage_counters.count + excluded.count`, updated_at: now }),
        )
        .returning(['subject', 'metric', sql<string>`period_start::text`.as('period'), 'count'])
        .execute();
      const current = new Map(rows.map((row) => [key(row.subject, row.metric, row.period), Number(row.count)]));
      // Walk back from the last item: each one saw the count minus the increments after it.
      const results = new Array<Map<string, number>>(items.length);
      for (let i = items.length - 1; i >= 0; i--) {
        const item = items[i]!;
        const counts = new Map<string, number>();
        for (const subject of new Set(item.subjects)) {
          const k = key(subject, item.metric, item.periodStart);
          const value = current.get(k) ?? 1;
          counts.set(subject, value);
          current.set(k, value - 1);
        }
        results[i] = counts;
      }
      return results;
    },

    /** Gives back one unit (a request that failed or was refused is not counted). */
    async decrementUsage(subjects: string[], metric: string, periodStart: string) {
      await db
        .updateTable('usage_counters')
        .set({ count: sql`greatest(count - 1, 0)` })
        .where('subject', 'in', subjects)
        .where('metric', '=', metric)
        .where('period_start', '=', periodStart)
        .execute();
    },

    async usageCount(subject: string, metric: string, periodStart: string) {
      const row = await db
        .selectFrom('usage_counters')
        .select('count')
        .where('subject', '=', subject)
        .where('metric', '=', metric)
        .where('period_start', '=', periodStart)
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },

    async purgeUsageBefore(subjectPrefix: string, before: string) {
      const result = await db
        .deleteFrom('usage_counters')
        .where('subject', 'like', `${subjectPrefix}%`)
        .where('period_start', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async hasMemory(ownerKey: string) {
      return Boolean(await db.selectFrom('translation_memory').select('id').where('owner_key', '=', ownerKey).limit(1).executeTakeFirst());
    },

    /** Translation memory hits among `norms`: suggestions before likes, newest first. */
    findMemory(ownerKeys: string[], source: string, target: string, norms: string[]) {
      return db
        .selectFrom('translation_memory')
        .select(['source_norm', 'target_text', 'origin', 'owner_key'])
        .where('owner_key', 'in', ownerKeys)
        .where('source_lang', '=', source as 'en' | 'ar')
        .where('target_lang', '=', target as 'en' | 'ar')
        .where('source_norm', 'in', norms)
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
          origin: entry.origin,
          created_at: entry.now,
          updated_at: entry.now,
        })
        .onConflict((oc) =>
          oc
            .columns(['owner_key', 'source_lang', 'target_lang', 'source_norm', 'origin'])
            .doUpdateSet({ source_text: entry.sourceText, target_text: entry.targetText, updated_at: entry.now }),
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
     */
    async insertTranslations(
      items: Array<{
        translation: Insertable<TextTranslationsTable>;
        segments: Array<Insertable<TranslationSegmentsTable>>;
        historyEntry: Insertable<HistoryEntriesTable> | null;
      }>,
    ) {
      const translations = items.map((item) => item.translation);
      const segments = items.flatMap((item) => item.segments);
      const history = items.flatMap((item) => (item.historyEntry ? [item.historyEntry] : []));
      const query = db.with('saved_translations', (qb) => qb.insertInto('text_translations').values(translations).returning('id'));
      if (history.length) {
        await query
          .with('saved_history', (qb) => qb.insertInto('history_entries').values(history).returning('project_id'))
          .insertInto('translation_segments')
          .values(segments)
          .execute();
      } else {
        await query.insertInto('translation_segments').values(segments).execute();
      }
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
          's.reaction',
          't.user_id',
          't.source_lang',
          't.target_lang',
          't.domain',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst();
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
