import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/dictionary', () => {
  it('returns every sense of an English word, its lemma included', async () => {
    const response = await t.client().post('/api/dictionary', { word: 'books', source_lang: 'en', target_lang: 'ar', token: 'browser' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      source_lang: 'en',
      target_lang: 'ar',
      data: [
        { word: 'books', translations: ['الكتب'] },
        { word: 'book', translations: ['الكتاب'] },
      ],
    });
  });

  it('detects Arabic, strips clitics, and defaults the target to the other language', async () => {
    const body = (await t.client().post('/api/dictionary', { word: 'بالكتاب' })).json();
    expect(body).toMatchObject({ source_lang: 'ar', target_lang: 'en' });
    expect(body.data[0]).toEqual({ word: 'الكتاب', translations: ['Book'] });
  });

  it('answers an empty list for an unknown word', async () => {
    expect((await t.client().post('/api/dictionary', { word: 'qwzxv', source_lang: 'en', target_lang: 'ar' })).json().data).toEqual([]);
  });

  it('validates the input in both languages', async () => {
    const missing = await t.client().post('/api/dictionary', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.word).toEqual(['The word to look up is required.']);
    const arabic = t.client();
    arabic.locale = 'ar';
    const tooMany = await arabic.post('/api/dictionary', { word: 'one two three four five six' });
    expect(tooMany.json().errors.word).toEqual(['ابحث عن 5 كلمات على الأكثر في المرة الواحدة.']);
    const same = await t.client().post('/api/dictionary', { word: 'book', source_lang: 'en', target_lang: 'en' });
    expect(same.json().errors.target_lang).toEqual(['The source and target languages must be different.']);
  });

  it('is rate-limited per IP (429)', async () => {
    const client = t.client();
    let status = 200;
    for (let i = 0; i < 121 && status === 200; i++) {
      status = (await client.request({ method: 'POST', url: '/api/dictionary', payload: { word: 'cat' }, remoteAddress: '192.0.2.77' })).statusCode;
    }
    expect(status).toBe(429);
  });
});
