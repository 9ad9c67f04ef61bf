import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { addTestSignIn, parseTranslation, signedInClient } from '../translate/testing';
import { createTeam, createUser } from '../../../test/documents-helpers';

// A year ahead of the real clock, so session cookies set at "now" are never already expired.
let clock = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 12));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: addTestSignIn, overrides: { now: () => clock } });
});
afterAll(() => t.close());

async function translate(client: TestClient, text: string, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/translate', { text, target_lang: 'ar', source_lang: 'en', ...body });
  expect(response.statusCode).toBe(200);
  return parseTranslation(response.json()).data;
}

describe('GET /api/user/translation-history', () => {
  it('lists the user’s entries newest first, 20 a page, with the contract’s fields', async () => {
    const { client } = await signedInClient(t, { plan: 'pro' });
    const ids: string[] = [];
    for (let i = 1; i <= 23; i++) {
      clock = new Date(clock.getTime() + 1000);
      ids.push((await translate(client, `Sentence number ${i}.`)).project_id);
    }
    const first = await client.get('/api/user/translation-history');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 23 });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toEqual({
      project_id: ids[22],
      type: 'text',
      source_lang: 'en',
      target_lang: 'ar',
      domain: 'general',
      title: 'Sentence number 23.',
      preview: expect.any(String),
      created_at: new Date(clock).toISOString(),
      state: 'done',
      // Made in the web app, not with an API key (issue 15).
      channel: 'web',
      // A text's sentences: none corrected, liked or disliked yet.
      feedback: { segments: 1, corrected_segments: 0, liked_segments: 0, disliked_segments: 0 },
    });
    const second = (await client.get('/api/user/translation-history?page=2')).json();
    expect(second.meta).toEqual({ page: 2, per_page: 20, total: 23 });
    expect(second.data.map((e: { project_id: string }) => e.project_id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('filters by type and searches the text and its translation', async () => {
    const { client, user } = await signedInClient(t);
    await translate(client, 'Invoice for March.');
    await translate(client, 'Meeting notes.');
    await t.container.history.record({ projectId: randomUUID(), userId: user.id, type: 'document', sourceLang: 'en', targetLang: 'ar', domain: 'business', title: 'report.docx', state: 'translating' });
    const documents = (await client.get('/api/user/translation-history?type=document')).json();
    expect(documents.data.map((e: { title: string }) => e.title)).toEqual(['report.docx']);
    // A document's entry says what memory and glossaries did (nothing yet: no finished job); a text's has no such field.
    expect(documents.data[0]).toMatchObject({ state: 'translating', type: 'document', applied: null });
    expect(documents.data[0]).not.toHaveProperty('feedback');
    const texts = (await client.get('/api/user/translation-history?type=text')).json();
    expect(texts.meta.total).toBe(2);
    const search = (await client.get('/api/user/translation-history?q=invoice')).json();
    expect(search.data.map((e: { title: string }) => e.title)).toEqual(['Invoice for March.']);
    // The search also finds words of the translation (Arabic).
    const arabic = (await client.get(`/api/user/translation-history?q=${encodeURIComponent(search.data[0].preview.split(' ')[0])}`)).json();
    expect(arabic.data.map((e: { title: string }) => e.title)).toContain('Invoice for March.');
    expect((await client.get('/api/user/translation-history?q=100%25')).json().data).toEqual([]);
    // Unknown filters list everything.
    expect((await client.get('/api/user/translation-history?type=video&page=zero')).json().meta).toEqual({ page: 1, per_page: 20, total: 3 });
  });

  it('shows only the user’s own entries; 401 for guests, 450 when the e-mail is not verified', async () => {
    const a = await signedInClient(t);
    const b = await signedInClient(t);
    await translate(a.client, 'Mine.');
    expect((await b.client.get('/api/user/translation-history')).json().meta.total).toBe(0);
    expect((await t.client().get('/api/user/translation-history')).statusCode).toBe(401);
    const unverified = await signedInClient(t, { verified: false });
    expect((await unverified.client.get('/api/user/translation-history')).statusCode).toBe(450);
  });
});

describe('GET /api/user/translation-history/{projectId}', () => {
  it('re-opens a text translation with its sentences and reactions', async () => {
    const { client } = await signedInClient(t);
    const data = await translate(client, 'Hello.\n\nSee you tomorrow.', { domain: 'business' });
    await client.get(`/api/reaction/${data.segments[1]!.translationId}/like`);
    const response = await client.get(`/api/user/translation-history/${data.project_id}`);
    expect(response.statusCode).toBe(200);
    const { data: entry } = response.json();
    expect(entry).toMatchObject({ project_id: data.project_id, type: 'text', domain: 'business', title: 'Hello. See you tomorrow.' });
    expect(entry.detail).toMatchObject({ source_lang: 'en', target_lang: 'ar', engine: 'dictionary', text: 'Hello.\n\nSee you tomorrow.' });
    expect(entry.detail.segments).toEqual([
      { translationId: data.segments[0]!.translationId, source: 'Hello.', target: data.segments[0]!.target, separator: '\n\n', reaction: null, machine_target: null },
      { translationId: data.segments[1]!.translationId, source: 'See you tomorrow.', target: data.segments[1]!.target, separator: '', reaction: 'like', machine_target: null },
    ]);
    expect(entry.detail.translation).toBe(`${data.segments[0]!.target}\n\n${data.segments[1]!.target}`);
    const other = await signedInClient(t);
    expect((await other.client.get(`/api/user/translation-history/${data.project_id}`)).statusCode).toBe(404);
    expect((await client.get('/api/user/translation-history/nope')).statusCode).toBe(404);
  });
});

describe('a text whose sentence was corrected', () => {
  it('is marked in the list and its detail names the corrected sentence with what the machine had said', async () => {
    const { client } = await signedInClient(t);
    const data = await translate(client, 'The board met today. The vote passed. Nothing else.');
    const [first, second, third] = data.segments;
    const suggest = (translationId: string, suggestedTranslation: string) => client.post('/api/user/suggested-translation', { translationId, suggestedTranslation });
    expect((await suggest(first!.translationId, 'اجتمع مجلس الإدارة اليوم.')).statusCode).toBe(200);
    // Corrected twice: the machine's text is the one the first correction replaced.
    expect((await suggest(first!.translationId, 'اجتمع المجلس اليوم.')).statusCode).toBe(200);
    // "Corrected" to the very text the machine gave: no correction to show.
    expect((await suggest(third!.translationId, third!.target)).statusCode).toBe(200);
    await client.get(`/api/reaction/${second!.translationId}/like`);
    await client.get(`/api/reaction/${third!.translationId}/dislike`);

    const [entry] = (await client.get('/api/user/translation-history')).json().data;
    expect(entry).toMatchObject({ project_id: data.project_id, feedback: { segments: 3, corrected_segments: 1, liked_segments: 1, disliked_segments: 1 } });
    // The list's line under the title is the corrected translation (the one pipeline).
    expect(entry.preview).toContain('اجتمع المجلس اليوم.');

    const { detail } = (await client.get(`/api/user/translation-history/${data.project_id}`)).json().data;
    expect(detail.segments.map((s: { target: string; machine_target: string | null; reaction: string | null }) => [s.target, s.machine_target, s.reaction])).toEqual([
      ['اجتمع المجلس اليوم.', first!.target, null],
      [second!.target, null, 'like'],
      [third!.target, null, 'dislike'],
    ]);
    expect(detail.translation.startsWith('اجتمع المجلس اليوم.')).toBe(true);
  });
});

describe('deleting history', () => {
  it('deletes one entry with its texts, and answers 404 for entries that are not the user’s', async () => {
    const { client } = await signedInClient(t);
    const keep = await translate(client, 'Keep me.');
    const remove = await translate(client, 'Delete me.');
    const response = await client.post('/api/user/translation-history/delete', { project_id: remove.project_id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'The translation was deleted from your history.' });
    const list = (await client.get('/api/user/translation-history')).json();
    expect(list.data.map((e: { project_id: string }) => e.project_id)).toEqual([keep.project_id]);
    const db = t.container.database.db;
    expect(await db.selectFrom('text_translations').select('id').where('id', '=', remove.project_id).execute()).toEqual([]);
    expect(await db.selectFrom('translation_segments').select('id').where('translation_id', '=', remove.project_id).execute()).toEqual([]);
    // The reaction route no longer finds its sentences.
    expect((await client.get(`/api/reaction/${remove.segments[0]!.translationId}/like`)).statusCode).toBe(404);
    const again = await client.post('/api/user/translation-history/delete', { project_id: remove.project_id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This translation is not in your history.');
    const other = await signedInClient(t);
    other.client.locale = 'ar';
    const foreign = await other.client.post('/api/user/translation-history/delete', { project_id: keep.project_id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('هذه الترجمة غير موجودة في سجلك.');
    const missing = await client.post('/api/user/translation-history/delete', {});
    expect(missing.statusCode).toBe(422);
  });

  it('deletes every entry of the user and nobody else’s, calling each type’s handler', async () => {
    const removed: string[] = [];
    t.container.history.registerType('document', { remove: async (ids) => void removed.push(...ids) });
    const { client, user } = await signedInClient(t);
    const other = await signedInClient(t);
    await translate(client, 'One.');
    await translate(client, 'Two.');
    const documentId = randomUUID();
    await t.container.history.record({ projectId: documentId, userId: user.id, type: 'document', sourceLang: 'ar', targetLang: 'en', domain: 'legal', title: 'contract.pdf' });
    await translate(other.client, 'Not yours.');
    client.locale = 'ar';
    const response = await client.post('/api/user/translation-history/delete/all', {});
    expect(response.json()).toEqual({ status: 200, message: 'حُذف سجل ترجماتك.', deleted: 3 });
    expect(removed).toEqual([documentId]);
    expect((await client.get('/api/user/translation-history')).json().meta.total).toBe(0);
    expect((await other.client.get('/api/user/translation-history')).json().meta.total).toBe(1);
  });
});

describe('automatic deletion', () => {
  it('reads and saves the setting (never by default), validating the value', async () => {
    const { client } = await signedInClient(t);
    expect((await client.get('/api/user/auto-delete-settings')).json()).toEqual({ data: { auto_delete: 'never' } });
    const saved = await client.post('/api/user/auto-delete-settings', { auto_delete: '7d' });
    expect(saved.json()).toEqual({ status: 200, message: 'updated successfully', data: { auto_delete: '7d' } });
    expect((await client.get('/api/user/auto-delete-settings')).json().data.auto_delete).toBe('7d');
    const bad = await client.post('/api/user/auto-delete-settings', { auto_delete: '2d' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.auto_delete).toEqual(['The selected auto delete is invalid.']);
    expect((await t.client().post('/api/user/auto-delete-settings', { auto_delete: '1d' })).statusCode).toBe(401);
  });

  it('the scheduled job deletes entries past each user’s age, guests’ texts past retention, and is safe to run twice', async () => {
    const daily = await signedInClient(t);
    const weekly = await signedInClient(t);
    const never = await signedInClient(t);
    await daily.client.post('/api/user/auto-delete-settings', { auto_delete: '1d' });
    await weekly.client.post('/api/user/auto-delete-settings', { auto_delete: '7d' });
    const start = clock;
    const old = await translate(daily.client, 'Old daily.');
    const oldWeekly = await translate(weekly.client, 'Old weekly.');
    const kept = await translate(never.client, 'Forever.');
    const guest = await translate(t.client(), 'Guest text.', { token: 'retention' });
    clock = new Date(start.getTime() + 2 * 86_400_000);
    const fresh = await translate(daily.client, 'Fresh daily.');

    const run = async () => {
      await t.container.history.deleteExpired();
      await t.container.translate.purgeGuestData();
    };
    await run();
    await run();
    const ids = async (client: TestClient) => (await client.get('/api/user/translation-history')).json().data.map((e: { project_id: string }) => e.project_id);
    expect(await ids(daily.client)).toEqual([fresh.project_id]);
    expect(await ids(weekly.client)).toEqual([oldWeekly.project_id]);
    expect(await ids(never.client)).toEqual([kept.project_id]);
    const db = t.container.database.db;
    expect(await db.selectFrom('text_translations').select('id').where('id', 'in', [old.project_id, guest.project_id]).execute()).toEqual([]);

    clock = new Date(start.getTime() + 8 * 86_400_000);
    await run();
    expect(await ids(weekly.client)).toEqual([]);
    expect(await ids(never.client)).toEqual([kept.project_id]);
  });

  it('keeps what a member made for a team they have left (the team’s now), and pages past such entries', async () => {
    const leaver = await signedInClient(t);
    const stayer = await signedInClient(t);
    for (const { client } of [leaver, stayer]) await client.post('/api/user/auto-delete-settings', { auto_delete: '1d' });
    const start = clock;
    const alone = await translate(leaver.client, 'Made alone.');
    const owner = await createUser(t);
    const team = await createTeam(t, owner, [
      { user: leaver.user, role: 5 },
      { user: stayer.user, role: 5 },
    ]);
    // The helper writes the team directly: the entitlements' per-actor memory is told, as the teams module tells it.
    await t.container.entitlements.forgetTeam(team.id, [leaver.user.id, stayer.user.id]);
    const forTeam = await translate(leaver.client, 'Made for the team.');
    const stayed = await translate(stayer.client, 'Made for the team too.');
    const db = t.container.database.db;
    expect((await db.selectFrom('history_entries').select('team_id').where('project_id', '=', forTeam.project_id).executeTakeFirstOrThrow()).team_id).toBe(team.id);
    await db.deleteFrom('team_members').where('user_id', '=', leaver.user.id).execute();
    clock = new Date(start.getTime() + 2 * 86_400_000);
    // One entry per page: the kept entry must not stop the sweep from reaching those after it.
    await t.container.history.deleteExpired(1);
    const left = await db.selectFrom('history_entries').select('project_id').where('project_id', 'in', [alone.project_id, forTeam.project_id, stayed.project_id]).execute();
    expect(left.map((row) => row.project_id)).toEqual([forTeam.project_id]);
  });

  it('runs as the scheduled pg-boss job history-auto-delete', async () => {
    let now = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1, 12));
    const worker = await createTestApp({ extend: addTestSignIn, startQueue: true, overrides: { now: () => now } });
    try {
      const schedules = await worker.container.queue.boss.getSchedules();
      expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'history-auto-delete', cron: '*/15 * * * *' })]));
      const { client } = await signedInClient(worker);
      await client.post('/api/user/auto-delete-settings', { auto_delete: '1d' });
      await client.post('/api/translate', { text: 'Soon gone.', target_lang: 'ar' });
      now = new Date(now.getTime() + 2 * 86_400_000);
      await worker.container.queue.send('history-auto-delete', {});
      const deadline = Date.now() + 20_000;
      let total = 1;
      while (total > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        total = (await client.get('/api/user/translation-history')).json().meta.total;
      }
      expect(total).toBe(0);
    } finally {
      await worker.close();
    }
  });
});
