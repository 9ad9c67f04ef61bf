import * as deepl from 'deepl-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createPlan, createTeam, createUser, signedIn } from '../../../test/documents-helpers';
import { sampleDocx } from '../../../test/fixtures/docx-fixture';
import { multipart } from '../../../test/multipart';
import { MAX_GLOSSARY_ENTRIES } from './glossaries';
import { createKey, deeplOptions, userWithKey } from './testing';

/** DeepL's v3 (multilingual) glossaries, through deepl-node's DeepLClient unchanged, over Lisan's glossary terms. */
let t: TestApp;
let serverUrl: string;

beforeAll(async () => {
  t = await createTestApp({ startQueue: true });
  serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const deeplClient = (key: string) => new deepl.DeepLClient(key, deeplOptions(serverUrl));
const dictionary = (source: string, target: string, entries: Record<string, string>) => ({ sourceLangCode: source, targetLangCode: target, entries: new deepl.GlossaryEntries({ entries }) });

describe('deepl-node DeepLClient: v3 glossaries', () => {
  it('create with two dictionaries, list, get, entries, merge, replace, delete a dictionary, translate with it, delete it', async () => {
    const { key, client: web } = await userWithKey(t);
    const client = deeplClient(key);
    const created = await client.createMultilingualGlossary('Products', [dictionary('en', 'ar', { widget: 'أداة', gadget: 'جهاز' }), dictionary('ar', 'en', { 'أداة': 'tool' })]);
    expect(created.name).toBe('Products');
    expect(created.glossaryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.creationTime.getTime()).not.toBeNaN();
    expect(created.dictionaries.map((d) => [d.sourceLangCode, d.targetLangCode, d.entryCount]).sort()).toEqual([
      ['ar', 'en', 1],
      ['en', 'ar', 2],
    ]);

    expect((await client.listMultilingualGlossaries()).map((g) => [g.glossaryId, g.name])).toEqual([[created.glossaryId, 'Products']]);
    expect((await client.getMultilingualGlossary(created.glossaryId)).dictionaries).toHaveLength(2);

    // The terms are the web app's glossary terms, and the v2 view of the pair shows them too.
    const webTerms = (await web.get('/api/user/glossary')).json().data.map((term: { source_term: string }) => term.source_term).sort();
    expect(webTerms).toEqual(['gadget', 'widget', 'أداة']);
    expect((await web.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'sprocket', target_term: 'ترس' })).statusCode).toBe(201);
    const entries = await client.getMultilingualGlossaryDictionaryEntries(created, 'en', 'ar');
    expect(entries.entries.entries()).toEqual({ gadget: 'جهاز', sprocket: 'ترس', widget: 'أداة' });
    const v2 = (await client.listGlossaries()).find((g) => g.sourceLang === 'en' && g.targetLang === 'ar')!;
    expect((await client.getGlossaryEntries(v2.glossaryId)).entries()).toEqual({ gadget: 'جهاز', sprocket: 'ترس', widget: 'أداة' });

    // The wire format DeepL documents: JSON with the dictionary's entries as TSV.
    const raw = await fetch(`${serverUrl}/v3/glossaries/${created.glossaryId}/entries?source_lang=ar&target_lang=en`, { headers: { authorization: `DeepL-Auth-Key ${key}` } });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ dictionaries: [{ source_lang: 'ar', target_lang: 'en', entries: 'أداة\ttool', entries_format: 'tsv' }] });

    // Update merges (a term there gets its new target); replace makes the pair's terms exactly the entries.
    const merged = await client.updateMultilingualGlossaryDictionary(created, dictionary('en', 'ar', { widget: 'أداة عملية', bolt: 'مسمار' }));
    expect(merged.dictionaries.find((d) => d.sourceLangCode === 'en')!.entryCount).toBe(4);
    expect((await client.getMultilingualGlossaryDictionaryEntries(created.glossaryId, 'en', 'ar')).entries.entries()).toEqual({ bolt: 'مسمار', gadget: 'جهاز', sprocket: 'ترس', widget: 'أداة عملية' });
    const replaced = await client.replaceMultilingualGlossaryDictionary(created, dictionary('en', 'ar', { widget: 'قطعة', invoice: 'فاتورة' }));
    expect(replaced).toEqual({ sourceLangCode: 'en', targetLangCode: 'ar', entryCount: 2 });
    expect((await client.getMultilingualGlossaryDictionaryEntries(created.glossaryId, 'en', 'ar')).entries.entries()).toEqual({ invoice: 'فاتورة', widget: 'قطعة' });
    const renamed = await client.updateMultilingualGlossaryName(created, 'Catalogue');
    expect(renamed.name).toBe('Catalogue');

    // The v3 id is a glossary_id of /v2/translate (the pair's dictionary) and of /v2/document.
    const used = await client.translateText('The widget works.', 'en', 'ar', { glossary: created });
    expect(used.text).toContain('قطعة');
    const form = multipart({ source_lang: 'EN', target_lang: 'AR', glossary_id: created.glossaryId }, { name: 'r.docx', content: await sampleDocx() });
    const upload = await t.app.inject({ method: 'POST', url: '/v2/document', payload: form.payload, headers: { ...form.headers, authorization: `DeepL-Auth-Key ${key}` } });
    expect(upload.statusCode).toBe(200);

    // Deleting the ar->en dictionary deletes its terms; the glossary then has no dictionary to translate ar->en with.
    await client.deleteMultilingualGlossaryDictionary(created, 'ar', 'en');
    expect((await client.getMultilingualGlossary(created.glossaryId)).dictionaries.map((d) => d.sourceLangCode)).toEqual(['en']);
    await expect(client.getMultilingualGlossaryDictionaryEntries(created.glossaryId, 'ar', 'en')).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    await expect(client.translateText('أداة', 'ar', 'en-US', { glossary: created })).rejects.toThrow("Value for 'glossary_id' not supported.");

    await client.deleteMultilingualGlossary(created);
    expect(await client.listMultilingualGlossaries()).toEqual([]);
    expect(await client.listGlossaries()).toEqual([]);
    expect((await web.get('/api/user/glossary')).json().data).toEqual([]);
    await expect(client.getMultilingualGlossary(created.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
  });

  it('a glossary emptied of its dictionaries stays until deleted; creating again is the same glossary, renamed', async () => {
    const { key } = await userWithKey(t);
    const client = deeplClient(key);
    const first = await client.createMultilingualGlossaryWithCsv('First', 'en', 'ar', '"bolt, small",مسمار صغير\n');
    await client.deleteMultilingualGlossaryDictionary(first, 'en', 'ar');
    expect((await client.getMultilingualGlossary(first.glossaryId)).dictionaries).toEqual([]);
    const again = await client.createMultilingualGlossary('Second', [dictionary('ar', 'en', { 'فاتورة': 'invoice' })]);
    expect(again.glossaryId).toBe(first.glossaryId);
    expect(again.name).toBe('Second');
    expect(again.creationTime.getTime()).toBe(first.creationTime.getTime());
  });

  it("a team key works on the team's glossary; a key of another team gets 404 for it", async () => {
    const plan = await createPlan(t, { api_enabled: true, is_team: true });
    const owner = await createUser(t, { planId: plan.id });
    const member = await createUser(t, { planId: plan.id });
    await createTeam(t, owner, [{ user: member, role: 5 }]);
    const teamKey = await createKey(await signedIn(t, owner), 'Team', true);
    const glossary = await deeplClient(teamKey.key).createMultilingualGlossary('Team terms', [dictionary('en', 'ar', { invoice: 'فاتورة' })]);
    // A member's own key reads the team's glossary (its terms apply to the member's translations) but cannot change it.
    const memberClient = deeplClient((await createKey(await signedIn(t, member), 'Mine')).key);
    expect((await memberClient.listMultilingualGlossaries()).map((g) => [g.glossaryId, g.name])).toEqual([[glossary.glossaryId, 'Team terms']]);
    expect((await memberClient.translateText('The invoice.', 'en', 'ar', { glossary })).text).toContain('فاتورة');
    await expect(memberClient.deleteMultilingualGlossaryDictionary(glossary, 'en', 'ar')).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    const rows = await t.container.database.db.selectFrom('team_glossary_terms').select('owner_key').where('source_term', '=', 'invoice').where('target_term', '=', 'فاتورة').execute();
    expect(rows.map((row) => row.owner_key)).toEqual([expect.stringMatching(/^team:\d+$/)]);

    const otherOwner = await createUser(t, { planId: plan.id });
    await createTeam(t, otherOwner, []);
    const other = deeplClient((await createKey(await signedIn(t, otherOwner), 'Other team', true)).key);
    await expect(other.getMultilingualGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    await expect(other.getMultilingualGlossaryDictionaryEntries(glossary.glossaryId, 'en', 'ar')).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    await expect(other.updateMultilingualGlossaryDictionary(glossary.glossaryId, dictionary('en', 'ar', { x: 'ص' }))).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    await expect(other.deleteMultilingualGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    await expect(other.translateText('The invoice.', 'en', 'ar', { glossary: glossary.glossaryId })).rejects.toThrow('Glossary not found.');
    expect(await other.listMultilingualGlossaries()).toEqual([]);
    expect((await deeplClient(teamKey.key).getMultilingualGlossary(glossary.glossaryId)).dictionaries[0]!.entryCount).toBe(1);
  });
});

describe('a glossary of the most entries', () => {
  it('is saved whole and deleted whole, each in one statement', async () => {
    const { user, key } = await userWithKey(t);
    const client = deeplClient(key);
    const entries = Object.fromEntries(Array.from({ length: MAX_GLOSSARY_ENTRIES }, (_, i) => [`term ${i}`, `مصطلح ${i}`]));
    const stored = async () =>
      Number((await t.container.database.db.selectFrom('team_glossary_terms').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_key', '=', `user:${user.id}`).executeTakeFirstOrThrow()).n);
    const glossary = await client.createMultilingualGlossary('Big', [dictionary('en', 'ar', entries)]);
    expect(glossary.dictionaries[0]!.entryCount).toBe(MAX_GLOSSARY_ENTRIES);
    expect(await stored()).toBe(MAX_GLOSSARY_ENTRIES);
    const back = await client.getMultilingualGlossaryDictionaryEntries(glossary, 'en', 'ar');
    expect(Object.keys(back.entries.entries()).length).toBe(MAX_GLOSSARY_ENTRIES);
    await client.deleteMultilingualGlossary(glossary);
    expect(await stored()).toBe(0);
  });
});

describe("glossary names follow their account", () => {
  it("a deleted user's and a deleted team's v2 and v3 glossary names go with them (migration 0430)", async () => {
    const { user, key } = await userWithKey(t);
    const client = deeplClient(key);
    await client.createMultilingualGlossary('Mine', [dictionary('en', 'ar', { invoice: 'فاتورة' })]);
    await client.createGlossary('Pair', 'en', 'ar', new deepl.GlossaryEntries({ entries: { receipt: 'إيصال' } }));
    const plan = await createPlan(t, { api_enabled: true, is_team: true });
    const owner = await createUser(t, { planId: plan.id });
    const team = await createTeam(t, owner, []);
    const ownerClient = await signedIn(t, owner);
    await deeplClient((await createKey(ownerClient, 'Team', true)).key).createMultilingualGlossary('Team terms', [dictionary('en', 'ar', { board: 'مجلس' })]);
    await deeplClient((await createKey(ownerClient, 'Own')).key).createMultilingualGlossary('Owner terms', [dictionary('ar', 'en', { مجلس: 'board' })]);
    const db = t.container.database.db;
    const names = async (ownerKey: string) => [
      ...(await db.selectFrom('api_multilingual_glossaries').select('name').where('owner_key', '=', ownerKey).execute()),
      ...(await db.selectFrom('api_glossary_names').select('name').where('owner_key', '=', ownerKey).execute()),
    ].map((row) => row.name);
    expect(await names(`user:${user.id}`)).toEqual(['Mine', 'Pair']);
    expect(await names(`team:${team.id}`)).toEqual(['Team terms']);

    await db.deleteFrom('users').where('id', '=', user.id).execute();
    await db.deleteFrom('teams').where('id', '=', team.id).execute();
    expect(await names(`user:${user.id}`)).toEqual([]);
    expect(await names(`team:${team.id}`)).toEqual([]);
    // The team's owner keeps their own.
    expect(await names(`user:${owner.id}`)).toEqual(['Owner terms']);
  });
});

describe('/v3/glossaries bad input answers in DeepL shape', () => {
  const send = (key: string, method: 'POST' | 'PATCH' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { authorization: `DeepL-Auth-Key ${key}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('an unknown language pair, malformed entries, a repeated term, too many entries: 400/413 {"message"}, nothing added', async () => {
    const { key, client: web } = await userWithKey(t);
    const german = await send(key, 'POST', '/v3/glossaries', { name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' }] });
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ message: "Value for 'dictionaries[0].target_lang' not supported." });
    const germanForm = await send(key, 'POST', '/v3/glossaries', 'name=G&dictionaries%5B0%5D.source_lang=de&dictionaries%5B0%5D.target_lang=en&dictionaries%5B0%5D.entries=a%09b&dictionaries%5B0%5D.entries_format=tsv', form);
    expect(germanForm.json()).toEqual({ message: "Value for 'dictionaries[0].source_lang' not supported." });
    const same = await send(key, 'POST', '/v3/glossaries', {
      name: 'G',
      dictionaries: [
        { source_lang: 'en', target_lang: 'ar', entries: 'fine\tجيد', entries_format: 'tsv' },
        { source_lang: 'en', target_lang: 'en-gb', entries: 'a\tb', entries_format: 'tsv' },
      ],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: 'The source and target languages must be different.' });

    // The second dictionary is unreadable: the first is not added either.
    const malformed = await send(key, 'POST', '/v3/glossaries', {
      name: 'G',
      dictionaries: [
        { source_lang: 'en', target_lang: 'ar', entries: 'fine\tجيد', entries_format: 'tsv' },
        { source_lang: 'ar', target_lang: 'en', entries: 'no tab here', entries_format: 'tsv' },
      ],
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The glossary entries could not be read (one source and one target term per line).' });
    const twice = await send(key, 'POST', '/v3/glossaries', { name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'ar', entries: 'a\tب\na\tج', entries_format: 'tsv' }] });
    expect(twice.json()).toEqual({ message: 'Duplicate source entry in the glossary: "a" is listed more than once.' });
    const many = Array.from({ length: MAX_GLOSSARY_ENTRIES + 1 }, (_, i) => `term${i}\tمصطلح${i}`).join('\n');
    const tooMany = await send(key, 'POST', '/v3/glossaries', { name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'ar', entries: many, entries_format: 'tsv' }] });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: 'Too many glossary entries in one request (at most 5,000).' });
    const tooManyAr = await send(key, 'POST', '/v3/glossaries', { name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'ar', entries: many, entries_format: 'tsv' }] }, { 'accept-language': 'ar' });
    expect(tooManyAr.json()).toEqual({ message: 'عدد مدخلات المسرد في الطلب الواحد أكبر من المسموح (الحد الأقصى: 5,000).' });
    const unknownField = await send(key, 'POST', '/v3/glossaries', { name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'ar', entries: 'a\tب', entries_format: 'tsv', colour: 'blue' }] });
    expect(unknownField.json()).toEqual({ message: 'Unknown parameter: dictionaries[0].colour' });
    const none = await send(key, 'POST', '/v3/glossaries', { name: 'G' });
    expect(none.json()).toEqual({ message: "Parameter 'dictionaries' not specified." });
    expect((await web.get('/api/user/glossary')).json().data).toEqual([]);
    expect((await send(key, 'GET', '/v3/glossaries')).json()).toEqual({ glossaries: [] });
  });

  it('an unknown glossary is 404; a missing dictionary is 404; an unknown pair in the query is 400', async () => {
    const { key } = await userWithKey(t);
    const unknown = await send(key, 'GET', '/v3/glossaries/00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Glossary not found.' });
    const created = await send(key, 'POST', '/v3/glossaries', 'name=Mine&dictionaries%5B0%5D.source_lang=EN&dictionaries%5B0%5D.target_lang=AR&dictionaries%5B0%5D.entries=a%09%D8%A8&dictionaries%5B0%5D.entries_format=tsv', form);
    expect(created.statusCode).toBe(201);
    const id = created.json().glossary_id;
    const missing = await send(key, 'GET', `/v3/glossaries/${id}/entries?source_lang=ar&target_lang=en`, undefined, { 'accept-language': 'ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'لا يضم المسرد مدخلات من لغة المصدر هذه إلى لغة الهدف هذه.' });
    const pair = await send(key, 'DELETE', `/v3/glossaries/${id}/dictionaries?source_lang=en&target_lang=fr`);
    expect(pair.statusCode).toBe(400);
    expect(pair.json()).toEqual({ message: "Value for 'target_lang' not supported." });
    const two = await send(key, 'PATCH', `/v3/glossaries/${id}`, {
      dictionaries: [
        { source_lang: 'en', target_lang: 'ar', entries: 'b\tج', entries_format: 'tsv' },
        { source_lang: 'ar', target_lang: 'en', entries: 'ج\tc', entries_format: 'tsv' },
      ],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: "Value for 'dictionaries' not supported." });
    expect((await send(key, 'GET', '/v3/nothing-here')).statusCode).toBe(404);
  });
});
