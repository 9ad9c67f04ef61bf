import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan, createTeam, createUser, signedIn, upload } from '../../test/documents-helpers';
import { docxEntries, writeZip, readZipText } from '../../test/fixtures/documents';
import { multipart } from '../../test/multipart';
import { startFixtureSite, type FixtureSite } from '../../test/fixtures/website-site';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import type { UserRow } from '../db/schema';
import { memorySkeleton } from './memory.fns';
import type { ResolvedAddress } from '../http/ssrf';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let t: TestApp;
let site: FixtureSite;
let client: TestClient;
let user: UserRow;
let planId: number;
let dir: string;

const CORRECTED = 'النتائج السنوية المعتمدة';
/** An approved correction with numbers: sentences that differ only in them are fuzzy hits. */
const CHAPTER = { source: 'Chapter 3 of 10', target: 'الفصل 3 من 10' };
const chapter = (n: number) => `الفصل ${n} من 10`;
const REVIEWED = 'التقرير المراجع';
const REVIEWED_AGAIN = 'التقرير بعد المراجعة الثانية';
const TEAM_CORRECTED = 'أرقام الربع المعتمدة';
const MEMBER_REVIEWED = 'أرقام الربع بعد مراجعة العضو';
const TERM = { source_term: 'board', target_term: 'مجلس الأمناء' };

async function resolver(hostname: string): Promise<ResolvedAddress[]> {
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

beforeAll(async () => {
  site = await startFixtureSite();
  site.setPage('/pipeline', '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Report</title></head><body><h1>Annual results</h1><p>Signed by the board</p><p>Chapter 7 of 10</p></body></html>');
  t = await createTestApp({
    role: 'api',
    startQueue: true,
    env: { WEB_FETCH_ALLOW_HOSTS: '127.0.0.1:*', WEB_CRAWL_DELAY_MS: '0' },
    overrides: { webResolver: resolver },
  });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-pipeline-'));
  const plan = await createPlan(t, { web_pages: 10 });
  planId = plan.id;
  user = await createUser(t, { planId });
  client = await signedIn(t, user);
});
afterAll(async () => {
  await t.close();
  await site.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function translateText(text: string, as: TestClient = client) {
  const response = await as.post('/api/translate', { text, source_lang: 'en', target_lang: 'ar' });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.json().data) as { project_id: string; engine: string; segments: Array<{ translationId: string; target: string; origin: string; machine_target?: string; glossary?: boolean }> };
}

/** Adds a one-page site of the fixture's, crawls it and translates it into Arabic. */
async function translatePage(pagePath: string, as: TestClient = client) {
  const added = await as.post('/api/websites', { url: `${site.url}${pagePath}`, scope: 'page' });
  expect(added.statusCode).toBeLessThan(300);
  const websiteId = added.json().data.id as number;
  const siteRow = await t.container.database.db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirstOrThrow();
  await t.container.websites.runCrawl({ websiteId, generation: siteRow.crawl_generation });
  const queued = await as.post(`/api/websites/${websiteId}/translate`, { page_ids: 'all', target_lang: 'ar', domain: 'general' });
  expect(queued.statusCode).toBe(202);
  await t.container.websites.runTranslate({ websiteId });
  const [page] = (await as.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data as Array<{ id: number; applied: unknown }>;
  return { websiteId, page: page! };
}

/** Exports a site's XLIFF, gives the unit of `source` the translation `target` and imports it; answers the import's result. */
async function reviewUnit(websiteId: number, source: string, target: string, as: TestClient = client) {
  const xliff = (await as.get(`/api/websites/${websiteId}/export?format=xliff`)).body;
  const edited = xliff.replace(new RegExp(`(<source>${source}</source>\\s*<target[^>]*>)[^<]*(</target>)`), `$1${target}$2`);
  expect(edited).not.toBe(xliff);
  const form = multipart({}, { name: 'review.xlf', content: Buffer.from(edited, 'utf8') });
  const imported = await as.request({ method: 'POST', url: `/api/websites/${websiteId}/import`, payload: form.payload, headers: form.headers });
  expect(imported.statusCode).toBe(200);
  return { shown: /<target[^>]*>([^<]*)<\/target>/.exec(xliff.slice(xliff.indexOf(`<source>${source}</source>`)))![1]!, applied: imported.json().data.applied as number };
}

/** Translates a sentence in the translator and approves a correction of it. */
async function approveCorrection(source: string, target: string, as: TestClient = client) {
  const first = await translateText(source, as);
  const suggested = await as.post('/api/user/suggested-translation', { translationId: first.segments[0]!.translationId, suggestedTranslation: target });
  expect(suggested.statusCode).toBe(200);
}

describe('one pipeline for text, documents and websites', () => {
  it('uses the same approved correction (exact and fuzzy), glossary term and memory hit in a text, a DOCX and a website page', async () => {
    // A user's glossary term, and a correction the user approves in the translator.
    expect((await client.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', ...TERM })).statusCode).toBe(201);
    const first = await translateText('Annual results');
    expect(first.segments[0]!.target).not.toBe(CORRECTED);
    const suggested = await client.post('/api/user/suggested-translation', { translationId: first.segments[0]!.translationId, suggestedTranslation: CORRECTED });
    expect(suggested.statusCode).toBe(200);
    await approveCorrection(CHAPTER.source, CHAPTER.target);

    // The history entry of that text now shows the corrected translation.
    const history = (await client.get('/api/user/translation-history?type=text')).json().data as Array<{ project_id: string; preview: string }>;
    expect(history.find((entry) => entry.project_id === first.project_id)?.preview).toBe(CORRECTED);

    // Text: the correction is a memory hit; the glossary term is enforced and said so.
    const again = await translateText('Annual results');
    expect(again.segments[0]).toEqual({ translationId: expect.any(String), source: 'Annual results', target: CORRECTED, separator: '', origin: 'memory-correction', machine_target: first.segments[0]!.target });
    const signed = await translateText('Signed by the board');
    expect(signed.segments[0]!.target).toContain(TERM.target_term);
    expect(signed.segments[0]).toMatchObject({ glossary: true });
    // A sentence that differs from the correction only in a number: the correction, with that number.
    expect((await translateText('Chapter 4 of 10')).segments[0]).toMatchObject({ target: chapter(4), origin: 'memory-fuzzy' });

    // A DOCX: both through the document job.
    const file = await writeZip(path.join(dir, 'report.docx'), docxEntries('<w:p><w:r><w:t>Annual results</w:t></w:r></w:p><w:p><w:r><w:t>Signed by the board</w:t></w:r></w:p><w:p><w:r><w:t>Chapter 5 of 10</w:t></w:r></w:p>'));
    const started = await upload(client, '/api/doc/translate', { name: 'report.docx', content: await fs.readFile(file) }, { model: 'general', frontendModel: 'General', source_lang: 'en', target_lang: 'ar' });
    expect(started.statusCode).toBe(202);
    const job = await t.container.database.db.selectFrom('document_jobs').selectAll().where('project_id', '=', started.json().project_id).executeTakeFirstOrThrow();
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    const status = (await client.get(`/api/doc/translated/${job.project_id}`)).json().data;
    expect(status.state).toBe('done');
    const download = await client.get(`/api/translated-file-url/?id=${status.file_id}`);
    expect(download.statusCode).toBe(200);
    const translatedDocx = path.join(dir, 'translated.docx');
    await fs.writeFile(translatedDocx, download.rawPayload);
    const xml = await readZipText(translatedDocx, 'word/document.xml');
    expect(xml).toContain(CORRECTED);
    expect(xml).toContain(TERM.target_term);
    expect(xml).toContain(chapter(5));
    // The status says so, from the summary stored when the job finished: a paragraph answered by
    // the approved correction (counted as a correction, as the translator lists it), one from
    // memory (a fuzzy hit of the other correction) and the term, in one paragraph.
    const applied = { memory_segments: 1, memory_fuzzy_segments: 1, correction_segments: 1, glossary_terms: [{ source: TERM.source_term, target: TERM.target_term, count: 1 }], glossary_term_count: 1 };
    expect(status.applied).toEqual(applied);
    expect((await t.container.database.db.selectFrom('document_jobs').select('applied').where('id', '=', job.id).executeTakeFirstOrThrow()).applied).toEqual(applied);

    // A website page: both through the website job.
    const { websiteId, page } = await translatePage('/pipeline');
    const html = (await client.get(`/api/websites/${websiteId}/pages/${page!.id}/translated`)).body;
    expect(html).toContain(CORRECTED);
    expect(html).toContain(TERM.target_term);
    expect(html).toContain(chapter(7));
    // The page and the site say so: the same correction, memory segment and term.
    expect(page!.applied).toEqual(applied);
    expect((await client.get(`/api/websites/${websiteId}`)).json().data.applied).toEqual(applied);
    // The history list's document and website entries say the same; a text entry has no summary.
    const entries = (await client.get('/api/user/translation-history')).json().data as Array<{ type: string; applied?: unknown }>;
    expect(entries.find((entry) => entry.type === 'document')!.applied).toEqual(applied);
    expect(entries.find((entry) => entry.type === 'website')!.applied).toEqual(applied);
    expect(entries.find((entry) => entry.type === 'text')).not.toHaveProperty('applied');

    // A website's reviewed XLIFF unit is an approved translation in the same memory: the next text uses it.
    const review = await reviewUnit(websiteId, 'Report', REVIEWED);
    expect(review.applied).toBe(1);
    // A review is an approved correction: the page's translation it replaced is the machine's words shown with it.
    const machineWords = review.shown;
    expect(machineWords).not.toBe(REVIEWED);
    expect((await translateText('Report')).segments[0]).toMatchObject({ target: REVIEWED, origin: 'memory-correction', machine_target: machineWords });

    // A second review of the same unit: the page's translation is now the first review's, but the
    // machine's words recorded with the correction stay the machine's.
    const second = await reviewUnit(websiteId, 'Report', REVIEWED_AGAIN);
    expect(second).toEqual({ shown: REVIEWED, applied: 1 });
    expect((await translateText('Report')).segments[0]).toMatchObject({ target: REVIEWED_AGAIN, origin: 'memory-correction', machine_target: machineWords });

    // The page, the site and the history entry count the reviewed unit (an engine's before) as a correction, once after two reviews.
    const reviewedSummary = { ...applied, correction_segments: 2 };
    expect((await client.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data[0].applied).toEqual(reviewedSummary);
    expect((await client.get(`/api/websites/${websiteId}`)).json().data.applied).toEqual(reviewedSummary);
    const reviewedEntries = (await client.get('/api/user/translation-history?type=website')).json().data as Array<{ applied?: unknown }>;
    expect(reviewedEntries[0]!.applied).toEqual(reviewedSummary);
    const stored = await t.container.database.db.selectFrom('translation_memory').select(['target_text', 'machine_text']).where('source_text', '=', 'Report').execute();
    expect(stored).toEqual([{ target_text: REVIEWED_AGAIN, machine_text: machineWords }]);

    // A unit that carried the glossary term, reviewed keeping the term's rendering: a correction, and the term still counts;
    // reviewed again without it: the page, the site and the history entry no longer list the term.
    expect((await reviewUnit(websiteId, 'Signed by the board', `وقّعه ${TERM.target_term}`)).applied).toBe(1);
    const keptTerm = { ...applied, correction_segments: 3 };
    expect((await client.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data[0].applied).toEqual(keptTerm);
    expect((await reviewUnit(websiteId, 'Signed by the board', 'وقّعه المجلس')).applied).toBe(1);
    const droppedTerm = { ...keptTerm, glossary_terms: [], glossary_term_count: 0 };
    expect((await client.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data[0].applied).toEqual(droppedTerm);
    expect((await client.get(`/api/websites/${websiteId}`)).json().data.applied).toEqual(droppedTerm);
    expect(((await client.get('/api/user/translation-history?type=website')).json().data as Array<{ applied?: unknown }>)[0]!.applied).toEqual(droppedTerm);
  });
});

describe('a website unit reviewed over an earlier correction', () => {
  it("keeps the machine's words when a team member reviews a unit the page shows with the team's correction", async () => {
    site.setPage('/team-review', '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Budget</title></head><body><h1>Quarterly figures</h1><p>Prepared by the finance office</p></body></html>');
    const [teamOwner, manager, member] = await Promise.all([createUser(t, { planId }), createUser(t, { planId }), createUser(t, { planId })]);
    await createTeam(t, teamOwner, [{ user: manager, role: 4 }, { user: member, role: 5 }]);
    const [asManager, asMember] = await Promise.all([signedIn(t, manager), signedIn(t, member)]);
    // The manager corrects the sentence for the whole team.
    const machine = (await translateText('Quarterly figures', asManager)).segments[0]!;
    expect((await asManager.post('/api/user/suggested-translation', { translationId: machine.translationId, suggestedTranslation: TEAM_CORRECTED })).statusCode).toBe(200);

    // The member's page shows the team's correction; the member reviews it.
    const { websiteId, page } = await translatePage('/team-review', asMember);
    expect(page.applied).toMatchObject({ memory_segments: 0, correction_segments: 1 });
    expect(await reviewUnit(websiteId, 'Quarterly figures', MEMBER_REVIEWED, asMember)).toEqual({ shown: TEAM_CORRECTED, applied: 1 });
    // It showed a correction already, and still does: one correction on the page.
    const pageApplied = async () => (await asMember.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data[0].applied;
    expect(await pageApplied()).toMatchObject({ memory_segments: 0, correction_segments: 1 });

    // The member's own entry keeps the machine's words, not the team's correction; the team's entry is unchanged.
    const stored = await t.container.database.db
      .selectFrom('translation_memory')
      .select(['owner_key', 'target_text', 'machine_text'])
      .where('source_text', '=', 'Quarterly figures')
      .orderBy('owner_key')
      .execute();
    expect(stored).toEqual([
      { owner_key: expect.stringMatching(/^team:/), target_text: TEAM_CORRECTED, machine_text: machine.target },
      { owner_key: `user:${member.id}`, target_text: MEMBER_REVIEWED, machine_text: machine.target },
    ]);
    expect((await translateText('Quarterly figures', asMember)).segments[0]).toMatchObject({ target: MEMBER_REVIEWED, origin: 'memory-correction', machine_target: machine.target });

    // Another unit reviewed: two corrections.
    await reviewUnit(websiteId, 'Budget', 'الميزانية المراجعة', asMember);
    expect(await pageApplied()).toMatchObject({ memory_segments: 0, correction_segments: 2 });
    // A page translated before its segments' origins were kept: a review leaves its summary as the pipeline's.
    await t.container.database.db.updateTable('website_pages').set({ segment_origins: null }).where('id', '=', page.id).execute();
    await reviewUnit(websiteId, 'Prepared by the finance office', 'أعده المكتب المالي', asMember);
    expect(await pageApplied()).toMatchObject({ memory_segments: 0, correction_segments: 2 });
  });
});

describe('fuzzy translation memory', () => {
  const translateFor = (owner: UserRow, segments: string[]) =>
    t.container.pipeline.translate({ owner: { userId: owner.id }, segments, source: 'en', target: 'ar', domain: 'general' });

  it('uses an entry that differs only in numbers (origin memory-fuzzy, with its score); anything else goes to the engine', async () => {
    const other = await createUser(t, { planId });
    const otherClient = await signedIn(t, other);
    await approveCorrection('Section 3 of 8', 'القسم 3 من 8', otherClient);
    await approveCorrection('3 - 10', 'من 3 إلى 10', otherClient);

    const result = await translateFor(other, ['Section 5 of 8', 'Section 12 of 8', 'Sections 5 of 8', '4 - 9', 'Section 3 of 8']);
    expect(result.segments.map((segment) => [segment.target, segment.origin, segment.score])).toEqual([
      // 5 replaces 3 in the stored translation: three tokens of four are the entry's own.
      ['القسم 5 من 8', 'memory-fuzzy', 0.75],
      // 12 takes another noun form in Arabic than 3 (plural category "many", not "few"): the engine.
      [expect.any(String), expect.not.stringMatching(/^memory/), undefined],
      // A word differs: the engine, however similar the sentence.
      [expect.any(String), expect.not.stringMatching(/^memory/), undefined],
      // Below the threshold: two of three tokens changed.
      [expect.any(String), expect.not.stringMatching(/^memory/), undefined],
      ['القسم 3 من 8', 'memory-correction', undefined],
    ]);

    // Another user's memory is never used, exactly or fuzzily.
    const mine = await translateFor(user, ['Section 3 of 8', 'Section 5 of 8']);
    expect(mine.segments.map((segment) => segment.origin)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^memory/)]));

    // The database's skeleton (a generated column) is the one the pipeline looks up.
    const rows = await t.container.database.db.selectFrom('translation_memory').select(['source_norm', 'source_skeleton']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.source_skeleton).toBe(memorySkeleton(row.source_norm));
  });
});

describe('an approved correction answered from memory', () => {
  type HistoryEntry = { project_id: string; feedback: { corrected_segments: number; liked_segments: number } };
  const historyEntry = async (as: TestClient, projectId: string) =>
    ((await as.get('/api/user/translation-history?type=text')).json().data as HistoryEntry[]).find((entry) => entry.project_id === projectId);
  const detailOf = async (as: TestClient, projectId: string) =>
    (await as.get(`/api/user/translation-history/${projectId}`)).json().data.detail as { segments: Array<{ target: string; machine_target: string | null }> };
  const suggest = async (as: TestClient, translationId: string, suggestedTranslation: string) =>
    expect((await as.post('/api/user/suggested-translation', { translationId, suggestedTranslation })).statusCode).toBe(200);

  it("says so with the machine's words, and the new text's history entry marks it as the first one's does", async () => {
    const owner = await createUser(t, { planId });
    const as = await signedIn(t, owner);
    const text = 'The meeting starts at noon. Bring the report.';
    const first = await translateText(text, as);
    const [meeting, report] = first.segments;
    await suggest(as, meeting!.translationId, 'يبدأ الاجتماع ظهرًا.');
    await as.get(`/api/reaction/${report!.translationId}/like`);

    // The same text again: memory answers both sentences, the correction as such, with the machine's words; the like as memory.
    const again = await translateText(text, as);
    expect(again.engine).toBe('memory');
    expect(again.segments[0]).toMatchObject({ target: 'يبدأ الاجتماع ظهرًا.', origin: 'memory-correction', machine_target: meeting!.target });
    expect(again.segments[1]).toMatchObject({ target: report!.target, origin: 'memory' });
    expect(again.segments[1]).not.toHaveProperty('machine_target');

    // Its history entry marks the correction as the corrected text's does, and re-opened it names the machine's words.
    expect((await historyEntry(as, again.project_id))?.feedback.corrected_segments).toBe(1);
    expect((await historyEntry(as, first.project_id))?.feedback.corrected_segments).toBe(1);
    expect((await detailOf(as, again.project_id)).segments.map((segment) => [segment.target, segment.machine_target])).toEqual([
      ['يبدأ الاجتماع ظهرًا.', meeting!.target],
      [report!.target, null],
    ]);

    // Corrected again on the text memory answered: the machine's words stay the machine's, not the first correction.
    await suggest(as, again.segments[0]!.translationId, 'يبدأ الاجتماع عند الظهر.');
    const third = await translateText('The meeting starts at noon.', as);
    expect(third.segments[0]).toMatchObject({ target: 'يبدأ الاجتماع عند الظهر.', origin: 'memory-correction', machine_target: meeting!.target });

    // "Corrected" to the machine's very words: a memory correction with nothing to show beside it, and nothing marked.
    const plain = await translateText('Thank you for coming.', as);
    await suggest(as, plain.segments[0]!.translationId, plain.segments[0]!.target);
    const same = await translateText('Thank you for coming.', as);
    expect(same.segments[0]).toMatchObject({ target: plain.segments[0]!.target, origin: 'memory-correction' });
    expect(same.segments[0]).not.toHaveProperty('machine_target');
    expect((await historyEntry(as, same.project_id))?.feedback.corrected_segments).toBe(0);
  });

  it("a team manager's correction is shown as a correction to every member; a member's own stays theirs", async () => {
    const [teamOwner, manager, member, outsider] = await Promise.all([createUser(t, { planId }), createUser(t, { planId }), createUser(t, { planId }), createUser(t, { planId })]);
    await createTeam(t, teamOwner, [{ user: manager, role: 4 }, { user: member, role: 5 }]);
    const [asManager, asMember, asOutsider] = await Promise.all([signedIn(t, manager), signedIn(t, member), signedIn(t, outsider)]);
    const machine = (await translateText('The invoice is attached.', asManager)).segments[0]!;
    await suggest(asManager, machine.translationId, 'الفاتورة مرفقة.');
    const own = (await translateText('Kind regards.', asMember)).segments[0]!;
    await suggest(asMember, own.translationId, 'مع خالص التحية.');

    const ofMember = await translateText('The invoice is attached. Kind regards.', asMember);
    expect(ofMember.segments.map((segment) => [segment.target, segment.origin, segment.machine_target])).toEqual([
      ['الفاتورة مرفقة.', 'memory-correction', machine.target],
      ['مع خالص التحية.', 'memory-correction', own.target],
    ]);
    expect((await historyEntry(asMember, ofMember.project_id))?.feedback.corrected_segments).toBe(2);
    // The manager does not get the member's own correction; someone outside the team gets neither.
    expect((await translateText('Kind regards.', asManager)).segments[0]!.origin).not.toMatch(/^memory/);
    expect((await translateText('The invoice is attached.', asOutsider)).segments[0]).not.toHaveProperty('machine_target');
  });
});
