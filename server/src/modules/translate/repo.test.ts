import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { JSON_FROM_ROWS } from '../../db/bulk-insert';
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
        origin: position ? 'dictionary' : 'memory',
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
