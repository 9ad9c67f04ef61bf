import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addTestSignIn, createTestTeam, parseTranslation, signedInClient } from '../translate/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: addTestSignIn });
});
afterAll(() => t.close());

type Client = ReturnType<TestApp['client']>;
const translate = async (client: Client, text: string, domain: string) =>
  parseTranslation((await client.post('/api/translate', { text, source_lang: 'en', target_lang: 'ar', domain })).json()).data;

describe('personal glossary: domain, edit, import, export, conflicts', () => {
  it('keeps one target per domain; a domain term wins in its domain, General applies everywhere else', async () => {
    const { client } = await signedInClient(t);
    expect((await client.post('/api/user/glossary', { domain: 'general', source_lang: 'en', target_lang: 'ar', source_term: 'consideration', target_term: 'اعتبار' })).statusCode).toBe(201);
    const legal = await client.post('/api/user/glossary', { domain: 'legal', source_lang: 'en', target_lang: 'ar', source_term: 'Consideration', target_term: 'المقابل' });
    expect(legal.json().data).toMatchObject({ domain: 'legal', target_term: 'المقابل' });
    expect((await translate(client, 'The consideration is paid.', 'legal')).segments[0]!.target).toContain('المقابل');
    expect((await translate(client, 'The consideration is paid.', 'business')).segments[0]!.target).toContain('اعتبار');

    const list = (await client.get('/api/user/glossary')).json();
    expect(list.can_edit).toBe(true);
    expect(list.data.map((term: { domain: string }) => term.domain).sort()).toEqual(['general', 'legal']);
    // The same source term with two targets: shown on both terms.
    const ids = list.data.map((term: { id: number }) => term.id);
    expect(list.conflicts.filter((c: { kind: string }) => c.kind === 'same_source').map((c: { term_id: number }) => c.term_id).sort()).toEqual([...ids].sort());
  });

  it('updates a term (422 when it would duplicate another, 404 for someone else’s) and reports the translation’s applied terms', async () => {
    const { client } = await signedInClient(t);
    const first = (await client.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'invoice', target_term: 'فاتورة' })).json().data;
    await client.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'receipt', target_term: 'إيصال' });
    const updated = await client.post(`/api/user/glossary/update/${first.id}`, { domain: 'business', source_lang: 'en', target_lang: 'ar', source_term: 'invoice', target_term: 'الفاتورة الضريبية' });
    expect(updated.json()).toMatchObject({ status: 200, data: { id: first.id, domain: 'business', target_term: 'الفاتورة الضريبية' } });
    const translated = await translate(client, 'Send the invoice today.', 'business');
    expect(translated.segments[0]!.target).toContain('الفاتورة الضريبية');
    expect(translated.glossary_terms).toEqual([{ source: 'invoice', target: 'الفاتورة الضريبية' }]);
    expect((await translate(client, 'Nothing to see.', 'business')).glossary_terms).toEqual([]);

    const clash = await client.post(`/api/user/glossary/update/${first.id}`, { domain: 'general', source_lang: 'en', target_lang: 'ar', source_term: 'Receipt', target_term: 'x' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.source_term).toEqual(['This term is already in the glossary.']);
    const other = await signedInClient(t);
    expect((await other.client.post(`/api/user/glossary/update/${first.id}`, { source_lang: 'en', target_lang: 'ar', source_term: 'a', target_term: 'b' })).statusCode).toBe(404);
    expect((await client.post('/api/user/glossary/update/abc', {})).statusCode).toBe(422);
  });

  it('imports CSV (adds, updates, skips bad and conflicting lines by number) and exports CSV and TSV that import back', async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'shipping', target_term: 'الشحن' });
    const csv = ['source_term,target_term,domain', 'shipping,التوصيل,general', '"terms, conditions",الشروط والأحكام,legal', 'refund,,general', 'cart,السلة,space', 'basket,السلة,ecommerce', 'Basket,العربة,ecommerce', ''].join('\n');
    const imported = await client.post('/api/user/glossary/import', { format: 'csv', content: csv });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ status: 200, message: 'Import finished: 2 added, 1 updated, 3 skipped.' });
    const skipped = imported.json().data.skipped as Array<{ line: number; errors: Record<string, string[]> }>;
    expect(skipped.map((entry) => entry.line)).toEqual([4, 5, 7]);
    expect(skipped[0]!.errors.target_term).toEqual(['The target term is required.']);
    expect(skipped[2]!.errors.source_term).toEqual(['This source term already has a different target on line 6.']);

    const tsv = await client.get('/api/user/glossary/export?format=tsv');
    expect(tsv.statusCode).toBe(200);
    expect(tsv.headers['content-type']).toContain('text/tab-separated-values');
    expect(tsv.headers['content-disposition']).toBe('attachment; filename="lisan-glossary.tsv"');
    expect(tsv.body.split('\n').filter(Boolean)).toEqual([
      'source_term\ttarget_term\tsource_lang\ttarget_lang\tdomain',
      'basket\tالسلة\ten\tar\tecommerce',
      'shipping\tالتوصيل\ten\tar\tgeneral',
      'terms, conditions\tالشروط والأحكام\ten\tar\tlegal',
    ]);
    const csvExport = await client.get('/api/user/glossary/export?format=csv');
    expect(csvExport.headers['content-type']).toContain('text/csv');
    expect(csvExport.body).toContain('"terms, conditions",الشروط والأحكام,en,ar,legal');

    // The exported file imports into another account unchanged.
    const other = await signedInClient(t);
    const again = await other.client.post('/api/user/glossary/import', { format: 'tsv', content: tsv.body });
    expect(again.json().data).toMatchObject({ added: 3, updated: 0, skipped: [] });
    expect((await client.post('/api/user/glossary/import', { format: 'tsv', content: tsv.body })).json().data).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
  });

  it('keeps the direction of entries plainly written the other way round (without language columns), and says so', async () => {
    const { client } = await signedInClient(t, { locale: 'ar' });
    // An English -> Arabic import (the screen's choice) of a file whose terms are Arabic first, with an Arabic header.
    const tsv = ['المصطلح المصدر\tالمصطلح الهدف', 'شركة\tCompany, Inc.', 'عقد\tcontract', 'invoice\tفاتورة', 'iPhone\tiPhone', 'ar\ten'].join('\n');
    const imported = await client.post('/api/user/glossary/import', { format: 'tsv', content: tsv, source_lang: 'en', target_lang: 'ar', domain: 'general' });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toMatchObject({ added: 5, reversed: 2, skipped: [] });
    expect(imported.json().message).toBe('اكتمل الاستيراد: أُضيف 5، وحُدّث 0، وتُخطّي 0. مدخلات مكتوبة في الاتجاه المعاكس، حُفظت باتجاهها: 2.');
    const terms = ((await client.get('/api/user/glossary')).json().data as Array<{ source_term: string; source_lang: string; target_lang: string }>).map((term) => `${term.source_term}:${term.source_lang}-${term.target_lang}`);
    // Arabic first with an English target: Arabic -> English; the rest (and the same script on both sides) as chosen.
    expect(terms.sort()).toEqual(['ar:en-ar', 'iPhone:en-ar', 'invoice:en-ar', 'شركة:ar-en', 'عقد:ar-en']);
    // Language columns are the file's word, whatever the scripts.
    const explicit = await client.post('/api/user/glossary/import', { format: 'csv', content: 'source_term,target_term,source_lang,target_lang\nسلة,cart,en,ar', source_lang: 'en', target_lang: 'ar', domain: 'general' });
    expect(explicit.json().data).toMatchObject({ added: 1, reversed: 0 });
  });

  it('refuses an empty file, an unknown format and too many entries (422, in Arabic too)', async () => {
    const { client } = await signedInClient(t, { locale: 'ar' });
    const empty = await client.post('/api/user/glossary/import', { format: 'csv', content: '\n\n' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.content).toEqual(['لا يحتوي الملف على أي مدخلات للمسرد.']);
    // A file with nothing in it at all says the same (not "the content field is required").
    expect((await client.post('/api/user/glossary/import', { format: 'csv', content: '' })).json().errors.content).toEqual(['لا يحتوي الملف على أي مدخلات للمسرد.']);
    expect((await client.post('/api/user/glossary/import', { format: 'xlsx', content: 'a,b' })).json().errors).toHaveProperty('format');
    const many = Array.from({ length: 5001 }, (_, i) => `term${i},مصطلح`).join('\n');
    expect((await client.post('/api/user/glossary/import', { format: 'csv', content: many })).json().errors.content).toHaveLength(1);
    expect((await t.client().post('/api/user/glossary/import', { format: 'csv', content: 'a,b' })).statusCode).toBe(401);
    // Past the body limit (1 MB by default), the limit is said with the unit Arabic messages use.
    const huge = await client.post('/api/user/glossary/import', { format: 'csv', content: 'term,مصطلح\n'.repeat(120_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('الطلب كبير جدًا. الحد المسموح به 1 ميغابايت.');
  });

  it('names the column a line of a file with other columns gets wrong, in words (not "source lang")', async () => {
    const { client } = await signedInClient(t);
    const contacts = await client.post('/api/user/glossary/import', { format: 'csv', content: 'name,email,phone\nAli,ali@example.com,555\n' });
    expect(contacts.statusCode).toBe(200);
    expect(contacts.json().data).toMatchObject({ added: 0, updated: 0, unchanged: 0 });
    expect(contacts.json().data.skipped).toEqual([
      { line: 1, errors: { source_lang: ['The selected source language is invalid.'] } },
      { line: 2, errors: { source_lang: ['The selected source language is invalid.'] } },
    ]);
  });
});

describe('team glossary: members read, owners and managers edit; conflicts with the team and Lisan’s terms', () => {
  it('lets the owner import and the member read and export but not change it; shows clashes', async () => {
    const { owner, member } = await createTestTeam(t);
    const imported = await owner.client.post('/api/team/glossary/import', { format: 'tsv', content: 'agreement\tالاتفاقية\nforce majeure\tالظرف القاهر\t\t\tlegal\n' });
    expect(imported.json().data).toMatchObject({ added: 2, skipped: [] });

    const read = (await member.client.get('/api/team/glossary')).json();
    expect(read.can_edit).toBe(false);
    expect(read.data.map((term: { source_term: string }) => term.source_term)).toEqual(['agreement', 'force majeure']);
    // Lisan's legal glossary says "القوة القاهرة": the team's term clashes (and wins).
    expect(read.conflicts).toEqual([
      expect.objectContaining({ kind: 'admin', term_id: read.data[1].id, other: expect.objectContaining({ domain: 'legal', target_term: 'القوة القاهرة' }) }),
    ]);
    expect((await owner.client.get('/api/team/glossary')).json().can_edit).toBe(true);
    expect((await member.client.get('/api/team/glossary/export?format=csv')).body).toContain('agreement,الاتفاقية,en,ar,general');

    for (const attempt of [
      member.client.post('/api/team/glossary/import', { format: 'csv', content: 'a,b' }),
      member.client.post(`/api/team/glossary/update/${read.data[0].id}`, { source_lang: 'en', target_lang: 'ar', source_term: 'a', target_term: 'b' }),
      member.client.post('/api/team/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'a', target_term: 'b' }),
    ]) {
      const answer = await attempt;
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Only the team owner and managers can change the team glossary.');
    }

    // A member's own term that clashes with the team's shows as a 'team' conflict.
    await member.client.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'Agreement', target_term: 'الاتفاق' });
    const own = (await member.client.get('/api/user/glossary')).json();
    expect(own.conflicts).toEqual([expect.objectContaining({ kind: 'team', term_id: own.data[0].id, other: expect.objectContaining({ target_term: 'الاتفاقية' }) })]);
    const translated = await translate(member.client, 'The agreement is signed.', 'general');
    expect(translated.glossary_terms[0]).toEqual({ source: 'Agreement', target: 'الاتفاق' });

    const outsider = await signedInClient(t);
    expect((await outsider.client.get('/api/team/glossary/export')).statusCode).toBe(403);
  });
});
