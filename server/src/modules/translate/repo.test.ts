import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { JSON_FROM_ROWS } from '../../db/bulk-insert';
import { createUsageLedger } from '../entitlements/ledger';
import { createTranslateRepo, type TranslateRepo } from './repo';

let testDatabase: TestDatabase;
let repo: TranslateRepo;
let userId: number;
let teamId: number;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const { db } = testDatabase.database;
  repo = createTranslateRepo(db);
  userId = (await db.insertInto('users').values({ name: 'Saver', email: 'saver@example.com', password_hash: null, personal_info: {}, company_info: {} }).returning('id').executeTakeFirstOrThrow()).id;
  teamId = (await db.insertInto('teams').values({ name: 'Savers', owner_id: userId }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await testDatabase.database.close();
  await testDatabase.drop();
});

type Items = Parameters<TranslateRepo['insertTranslations']>[0];

/** `count` translations of guests and of the user (in and out of the team), two sentences each. */
function items(count: number): Items {
  return Array.from({ length: count }, (_, index) => {
    const id = randomUUID();
    const at = new Date(Date.UTC(2025, 5, 1, 8, 0, index, index));
    const signedIn = index % 3 !== 0;
    return {
      translation: {
        id,
        user_id: signedIn ? userId : null,
        source_lang: 'en',
        target_lang: 'ar',
        detected: index % 2 === 0,
        domain: 'business',
        llm: index % 5 === 1,
        engine: index % 2 ? 'dictionary' : 'memory',
        characters: 30 + index,
        leading_space: index % 4 ? '' : '  ',
        created_at: at,
      },
      segments: [0, 1].map((position) => ({
        id: randomUUID(),
        translation_id: id,
        position,
        source: `Sentence ${index}.${position} "quoted" \\ ok`,
        target: `الجملة ${index}.${position}`,
        separator: position ? '' : '\n',
        // The first sentence of every third translation was answered with an approved correction: the machine's words go with it.
        origin: position ? 'dictionary' : index % 3 ? 'memory' : 'memory-correction',
        machine_target: position || index % 3 ? null : `آلية ${index}`,
      })),
      historyEntry: signedIn
        ? {
            project_id: id,
            user_id: userId,
            team_id: index % 2 ? teamId : null,
            type: 'text',
            source_lang: 'en',
            target_lang: 'ar',
            domain: 'business',
            title: `Sentence ${index}`,
            preview: `الجملة ${index}`,
            search_text: `Sentence ${index}\nالجملة ${index}`,
            state: 'done',
            file_id: null,
            channel: index % 2 ? 'api' : 'web',
            created_at: at,
            updated_at: at,
          }
        : null,
    };
  });
}

describe('insertTranslations', () => {
  // One save alone, a small batch (VALUES lists) and big ones (a JSON parameter per table).
  it.each([1, 3, JSON_FROM_ROWS, 4 * JSON_FROM_ROWS])('stores every translation, sentence and history entry of a batch of %i as given', async (count) => {
    const { db } = testDatabase.database;
    const batch = items(count);
    await repo.insertTranslations(batch);
    for (const item of batch) {
      const translation = await repo.findTranslation(item.translation.id);
      expect({ ...translation, user_id: translation?.user_id ?? null, created_at: new Date(translation!.created_at) }).toEqual(item.translation);
      const segments = await repo.listSegments(item.translation.id);
      expect(segments).toEqual(item.segments.map((segment) => ({ ...segment, reaction: null, reacted_at: null })));
      const entry = await db.selectFrom('history_entries').selectAll().where('project_id', '=', item.translation.id).executeTakeFirst();
      if (!item.historyEntry) expect(entry).toBeUndefined();
      else expect({ ...entry, user_id: Number(entry!.user_id), team_id: entry!.team_id === null ? null : Number(entry!.team_id), created_at: new Date(entry!.created_at), updated_at: new Date(entry!.updated_at) }).toEqual(item.historyEntry);
    }
  });

  it('stores a batch of guests alone (no history entry)', async () => {
    const batch = items(2 * JSON_FROM_ROWS).filter((item) => !item.historyEntry);
    await repo.insertTranslations(batch);
    for (const item of batch) expect(await repo.listSegments(item.translation.id)).toHaveLength(2);
  });
});

describe('insertTranslations with the quota units (usage_ledger_take, migration 0320)', () => {
  const ledger = () => createUsageLedger({ db: testDatabase.database.db, now: () => new Date(Date.UTC(2025, 5, 1, 8)) });
  const unitsOf = async (subject: string, limit: number) => {
    const prepared = await ledger().prepare({ metric: 'text_requests', subjects: [{ subject, limit }] });
    if (prepared.refused) throw new Error('refused before the statement');
    return prepared.request;
  };
  const found = async (batch: Items) => (await testDatabase.database.db.selectFrom('text_translations').select('id').where('id', 'in', batch.map((item) => item.translation.id)).execute()).length;

  it.each([2, JSON_FROM_ROWS])('saves a batch of %i with every unit, and answers each count', async (count) => {
    const batch = items(count);
    const subject = `user:take-${count}-${Date.now()}`;
    const units = await Promise.all(batch.map(() => unitsOf(subject, count)));
    const taken = await repo.insertTranslations(batch, (params) => ledger().takeSql(units, params));
    expect(units.map((_, i) => ledger().usedOf(taken as never, i))).toEqual(batch.map((_, i) => i + 1));
    expect(await found(batch)).toBe(count);
    expect(await ledger().count(subject, 'text_requests', new Date(Date.UTC(2025, 5, 1, 8)))).toBe(count);
  });

  it('saves nothing and takes no unit when one of the batch is refused', async () => {
    const batch = items(3);
    const stamp = Date.now();
    // The third is one past its subject's limit of 1.
    const units = [await unitsOf(`user:take-a-${stamp}`, 5), await unitsOf(`user:take-b-${stamp}`, 1), await unitsOf(`user:take-b-${stamp}`, 1)];
    const error = await repo.insertTranslations(batch, (params) => ledger().takeSql(units, params)).catch((caught: unknown) => caught);
    expect(ledger().allowedIn(error)).toEqual([true, true, false]);
    expect(await found(batch)).toBe(0);
    const at = new Date(Date.UTC(2025, 5, 1, 8));
    expect([await ledger().count(`user:take-a-${stamp}`, 'text_requests', at), await ledger().count(`user:take-b-${stamp}`, 'text_requests', at)]).toEqual([0, 0]);
    // Without the refused one, the others are saved with their units.
    await repo.insertTranslations(batch.slice(0, 2), (params) => ledger().takeSql(units.slice(0, 2), params));
    expect(await found(batch)).toBe(2);
    expect(ledger().allowedIn(new Error('other'))).toBeNull();
  });
});

describe('a translation deleted takes its sentences with it (migration 0250)', () => {
  const segmentsOf = (ids: string[]) =>
    testDatabase.database.db.selectFrom('translation_segments').select('id').where('translation_id', 'in', ids).execute();

  it('by id, by the guests purge and by an account deleted; a suggestion keeps its copy', async () => {
    const { db } = testDatabase.database;
    const owner = (await db.insertInto('users').values({ name: 'Leaver', email: 'leaver@example.com', password_hash: null, personal_info: {}, company_info: {} }).returning('id').executeTakeFirstOrThrow()).id;
    const batch = items(6).map((item) => ({ ...item, translation: { ...item.translation, user_id: item.translation.user_id === null ? null : owner }, historyEntry: null }));
    await repo.insertTranslations(batch);
    const ids = batch.map((item) => item.translation.id);
    const guests = batch.filter((item) => item.translation.user_id === null).map((item) => item.translation.id);
    const owned = batch.filter((item) => item.translation.user_id !== null).map((item) => item.translation.id);
    expect(await segmentsOf(ids)).toHaveLength(12);
    const suggested = batch[1]!.segments[0]!;
    await db
      .insertInto('translation_suggestions')
      .values({ segment_id: suggested.id, user_id: null, source_lang: 'en', target_lang: 'ar', domain: 'business', source_text: suggested.source, machine_text: suggested.target, suggested_text: 'اقتراح' })
      .execute();

    // By id: that translation's sentences only.
    expect(await repo.deleteTranslations([owned[0]!])).toBe(1);
    expect(await segmentsOf([owned[0]!])).toEqual([]);
    expect(await segmentsOf(owned.slice(1))).toHaveLength(2 * (owned.length - 1));

    // The guests purge (a sub-select of ids, as the scheduled job runs it).
    expect(await repo.purgeGuestTranslationsBefore(new Date(Date.UTC(2030, 0, 1)), 1000)).toBeGreaterThanOrEqual(guests.length);
    expect(await segmentsOf(guests)).toEqual([]);

    // An account deleted: its translations go by their key's cascade, their sentences by the trigger.
    await db.deleteFrom('users').where('id', '=', owner).execute();
    expect(await segmentsOf(ids)).toEqual([]);
    const suggestion = await db.selectFrom('translation_suggestions').select(['segment_id', 'suggested_text']).where('source_text', '=', suggested.source).executeTakeFirstOrThrow();
    expect(suggestion).toEqual({ segment_id: null, suggested_text: 'اقتراح' });
  });
});
