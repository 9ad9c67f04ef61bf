import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addTestSignIn, parseTranslation, signedInClient } from '../translate/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: addTestSignIn });
});
afterAll(() => t.close());

const admin = () => signedInClient(t, { roleId: 1 });
const translate = async (client: ReturnType<TestApp['client']>, text: string, domain: string, source_lang = 'en', target_lang = 'ar') =>
  parseTranslation((await client.post('/api/translate', { text, source_lang, target_lang, domain })).json()).data;

describe('admin glossaries /api/admin/glossaries', () => {
  it('answers 401 without a session and 403 for a non-admin', async () => {
    expect((await t.client().get('/api/admin/glossaries')).statusCode).toBe(401);
    const { client } = await signedInClient(t);
    expect((await client.get('/api/admin/glossaries')).statusCode).toBe(403);
    expect((await client.post('/api/admin/glossaries', {})).statusCode).toBe(403);
    expect((await client.post('/api/admin/glossaries/update/1', {})).statusCode).toBe(403);
    expect((await client.post('/api/admin/glossaries/delete/1', {})).statusCode).toBe(403);
  });

  it('lists the seeded terms per domain, filtered and paginated', async () => {
    const { client } = await admin();
    const legal = (await client.get('/api/admin/glossaries?domain=legal&source_lang=en')).json();
    expect(legal.meta).toEqual({ page: 1, per_page: 50, total: 10 });
    expect(legal.data.map((term: { source_term: string }) => term.source_term)).toContain('force majeure');
    expect(legal.data[0]).toMatchObject({ id: expect.any(Number), domain: 'legal', source_lang: 'en', target_lang: 'ar', note: '' });
    const search = (await client.get('/api/admin/glossaries?q=majeure&source_lang=en')).json();
    expect(search.data.map((term: { target_term: string }) => term.target_term)).toEqual(['القوة القاهرة']);
  });

  it('creates, updates and deletes a term, and every translation uses it at once', async () => {
    const { client } = await admin();
    const guest = t.client();
    expect((await translate(guest, 'The widget is ready.', 'ecommerce')).segments[0]!.target).not.toContain('الودجت');

    const created = await client.post('/api/admin/glossaries', { domain: 'ecommerce', source_lang: 'en', target_lang: 'ar', source_term: 'Widget', target_term: 'الودجت', note: 'product pages' });
    expect(created.statusCode).toBe(201);
    const term = created.json().data;
    expect(created.json()).toMatchObject({ status: 201, message: 'The term was added to the glossary.' });
    expect(term).toMatchObject({ domain: 'ecommerce', source_term: 'Widget', target_term: 'الودجت', note: 'product pages' });
    expect((await translate(guest, 'The widget is ready.', 'ecommerce')).segments[0]!.target).toContain('الودجت');
    // Domain terms stay in their domain.
    expect((await translate(guest, 'The widget is ready.', 'legal')).segments[0]!.target).not.toContain('الودجت');

    const updated = await client.post(`/api/admin/glossaries/update/${term.id}`, { domain: 'ecommerce', source_lang: 'en', target_lang: 'ar', source_term: 'widget', target_term: 'أداة التحكم' });
    expect(updated.json()).toMatchObject({ status: 200, message: 'updated successfully', data: { target_term: 'أداة التحكم' } });
    expect((await translate(guest, 'The widget is ready.', 'ecommerce')).segments[0]!.target).toContain('أداة التحكم');

    const deleted = await client.post(`/api/admin/glossaries/delete/${term.id}`, {});
    expect(deleted.json()).toEqual({ status: 200, message: 'The term was deleted from the glossary.' });
    expect((await translate(guest, 'The widget is ready.', 'ecommerce')).segments[0]!.target).not.toContain('أداة التحكم');
    expect((await client.post(`/api/admin/glossaries/delete/${term.id}`, {})).statusCode).toBe(404);
    expect((await client.post(`/api/admin/glossaries/update/${term.id}`, { domain: 'ecommerce', source_lang: 'en', target_lang: 'ar', source_term: 'a', target_term: 'b' })).statusCode).toBe(404);
  });

  it('applies General terms in every domain, the domain’s own terms first', async () => {
    const { client } = await admin();
    await client.post('/api/admin/glossaries', { domain: 'general', source_lang: 'ar', target_lang: 'en', source_term: 'المنصة', target_term: 'the platform' });
    await client.post('/api/admin/glossaries', { domain: 'business', source_lang: 'ar', target_lang: 'en', source_term: 'المنصة', target_term: 'the marketplace' });
    expect((await translate(t.client(), 'المنصة', 'legal', 'ar', 'en')).segments[0]!.target).toBe('The platform');
    expect((await translate(t.client(), 'المنصة', 'business', 'ar', 'en')).segments[0]!.target).toBe('The marketplace');
  });

  it('refuses duplicates and invalid input (422) in both languages', async () => {
    const { client } = await admin();
    const duplicate = await client.post('/api/admin/glossaries', { domain: 'legal', source_lang: 'en', target_lang: 'ar', source_term: 'Force  Majeure', target_term: 'x' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.source_term).toEqual(['This term is already in the glossary.']);
    client.locale = 'ar';
    const invalid = await client.post('/api/admin/glossaries', { domain: 'space', source_lang: 'en', target_lang: 'en', source_term: ' ', target_term: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({ source_term: ['المصطلح المصدر مطلوب.'], target_term: ['المصطلح الهدف مطلوب.'] });
    expect(invalid.json().errors.domain).toHaveLength(1);
  });
});

describe('team glossary (an individual account’s own, keyed user:<id> until teams exist)', () => {
  it('adds, lists and deletes the user’s terms, used in that user’s translations only, before domain terms', async () => {
    const { client } = await signedInClient(t);
    const added = await client.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'contract', target_term: 'الاتفاق' });
    expect(added.statusCode).toBe(201);
    expect((await client.get('/api/user/glossary')).json().data).toEqual([expect.objectContaining({ source_term: 'contract', target_term: 'الاتفاق' })]);
    expect((await translate(client, 'Sign the contract.', 'legal')).segments[0]!.target).toContain('الاتفاق');
    const other = await signedInClient(t);
    expect((await translate(other.client, 'Sign the contract.', 'legal')).segments[0]!.target).toContain('العقد');
    const id = added.json().data.id;
    expect((await client.post(`/api/user/glossary/delete/${id}`, {})).statusCode).toBe(200);
    expect((await translate(client, 'Sign the contract.', 'legal')).segments[0]!.target).toContain('العقد');
    expect((await other.client.post(`/api/user/glossary/delete/${id}`, {})).statusCode).toBe(404);
  });
});
