import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { addTestSignIn, parseTranslation, signedInClient } from '../translate/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: addTestSignIn });
});
afterAll(() => t.close());

async function translateWith(client: TestClient, text: string, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/translate', { text, target_lang: 'ar', source_lang: 'en', ...body });
  expect(response.statusCode).toBe(200);
  return parseTranslation(response.json()).data;
}

/** A multipart body as browsers send FormData. */
function multipart(fields: Record<string, string>) {
  const boundary = '----lisan-test-boundary';
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('GET /api/reaction/{translationId}/{reaction}', () => {
  it('stores like, dislike and none on the sentence', async () => {
    const { client } = await signedInClient(t);
    const data = await translateWith(client, 'The meeting is tomorrow.');
    const id = data.segments[0]!.translationId;
    const like = await client.get(`/api/reaction/${id}/like`);
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ status: 200, data: { translationId: id, reaction: 'like' } });
    const row = () => t.container.database.db.selectFrom('translation_segments').select(['reaction', 'reacted_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row()).reaction).toBe('like');
    await client.get(`/api/reaction/${id}/dislike`);
    expect((await row()).reaction).toBe('dislike');
    await client.get(`/api/reaction/${id}/none`);
    expect(await row()).toEqual({ reaction: null, reacted_at: null });
  });

  it('lets a guest react to the sentences the guest received', async () => {
    const guest = t.client();
    const data = await translateWith(guest, 'Hello there.', { token: 'guest-reactions' });
    const response = await guest.get(`/api/reaction/${data.segments[0]!.translationId}/dislike`);
    expect(response.json().data.reaction).toBe('dislike');
  });

  it("answers 404 for another user's sentence, an unknown id, and 422 for an unknown reaction", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const data = await translateWith(owner.client, 'Private text.');
    const id = data.segments[0]!.translationId;
    const stranger = await other.client.get(`/api/reaction/${id}/like`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('This translation no longer exists.');
    expect((await t.client().get(`/api/reaction/${id}/like`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/reaction/not-a-uuid/like')).statusCode).toBe(404);
    other.client.locale = 'ar';
    expect((await other.client.get(`/api/reaction/${id}/like`)).json().message).toBe('لم تعد هذه الترجمة موجودة.');
    const bad = await owner.client.get(`/api/reaction/${id}/love`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reaction).toEqual(['The selected reaction is invalid.']);
  });

  it('makes a liked sentence a translation-memory candidate for its owner, and a dislike withdraws it', async () => {
    const { client } = await signedInClient(t);
    const first = await translateWith(client, 'See you soon.');
    const liked = first.segments[0]!;
    await client.get(`/api/reaction/${liked.translationId}/like`);
    const again = await translateWith(client, 'see   you SOON.');
    expect(again.segments[0]).toMatchObject({ target: liked.target, origin: 'memory' });
    expect(again.engine).toBe('memory');
    await client.get(`/api/reaction/${liked.translationId}/dislike`);
    expect((await translateWith(client, 'See you soon.')).segments[0]!.origin).toBe('dictionary');
  });
});

describe('POST /api/user/suggested-translation', () => {
  it('stores the suggestion (multipart), answers with the original text, and reuses it from then on', async () => {
    const { client, user } = await signedInClient(t);
    const data = await translateWith(client, 'The contract was signed. It is valid.', { domain: 'legal' });
    const sentence = data.segments[0]!;
    const { payload, headers } = multipart({ translationId: sentence.translationId, suggestedTranslation: 'تم توقيع العقد.' });
    const response = await client.request({ method: 'POST', url: '/api/user/suggested-translation', payload, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: 'Thank you! Your translation will be used for this sentence from now on.',
      data: {
        translationId: sentence.translationId,
        source_lang: 'en',
        target_lang: 'ar',
        original: 'The contract was signed.',
        translation: sentence.target,
        suggestedTranslation: 'تم توقيع العقد.',
      },
    });
    const stored = await t.container.database.db.selectFrom('translation_suggestions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ segment_id: sentence.translationId, source_text: 'The contract was signed.', machine_text: sentence.target, suggested_text: 'تم توقيع العقد.', domain: 'legal' });

    // Reused before any engine, on an exact normalised match, for this user only.
    const reused = await translateWith(client, 'The contract  was signed.\nSomething new.');
    expect(reused.segments[0]).toMatchObject({ target: 'تم توقيع العقد.', origin: 'memory-correction', machine_target: sentence.target });
    expect(reused.segments[1]!.origin).toBe('dictionary');
    expect(reused.engine).toBe('dictionary');
    const other = await signedInClient(t);
    expect((await translateWith(other.client, 'The contract was signed.')).segments[0]!.origin).toBe('dictionary');
  });

  it('prefers the suggestion over a liked translation', async () => {
    const { client } = await signedInClient(t);
    const data = await translateWith(client, 'Welcome back.');
    await client.get(`/api/reaction/${data.segments[0]!.translationId}/like`);
    await client.post('/api/user/suggested-translation', { translationId: data.segments[0]!.translationId, suggestedTranslation: 'أهلًا بعودتك.' });
    expect((await translateWith(client, 'Welcome back.')).segments[0]!.target).toBe('أهلًا بعودتك.');
  });

  it('validates and protects the route (422, 404, 401) in both languages', async () => {
    const { client } = await signedInClient(t);
    const data = await translateWith(client, 'Short text.');
    const empty = await client.post('/api/user/suggested-translation', { translationId: data.segments[0]!.translationId, suggestedTranslation: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.suggestedTranslation).toEqual(['Write your suggested translation.']);
    client.locale = 'ar';
    const emptyAr = await client.post('/api/user/suggested-translation', { translationId: data.segments[0]!.translationId });
    expect(emptyAr.json().errors.suggestedTranslation).toEqual(['اكتب الترجمة التي تقترحها.']);
    const unknown = await client.post('/api/user/suggested-translation', { translationId: '00000000-0000-4000-8000-000000000000', suggestedTranslation: 'x' });
    expect(unknown.statusCode).toBe(404);
    const guest = await t.client().post('/api/user/suggested-translation', { translationId: data.segments[0]!.translationId, suggestedTranslation: 'x' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('POST /api/feedback', () => {
  it('answers 200 with "thanks for your feedback" and stores the form, linked to a translation', async () => {
    const { client, user } = await signedInClient(t);
    const data = await translateWith(client, 'Rate me.');
    const response = await client.post('/api/feedback', { message: 'Very useful!', rating: 5, translationId: data.segments[0]!.translationId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'thanks for your feedback' });
    const row = await t.container.database.db.selectFrom('feedback').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: 'Very useful!', rating: 5, segment_id: data.segments[0]!.translationId, email: user.email, locale: 'en' });
  });

  it('accepts guests, answers in Arabic, and drops a translationId that no longer exists', async () => {
    const guest = t.client();
    guest.locale = 'ar';
    const response = await guest.request({
      method: 'POST',
      url: '/api/feedback',
      payload: { message: 'ترجمة جيدة', name: 'Huda', email: 'huda@example.com', translationId: '00000000-0000-4000-8000-000000000000' },
      remoteAddress: '192.0.2.50',
    });
    expect(response.json()).toEqual({ status: 200, message: 'شكرًا لملاحظاتك' });
    const row = await t.container.database.db.selectFrom('feedback').selectAll().where('email', '=', 'huda@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, segment_id: null, name: 'Huda', locale: 'ar', ip: '192.0.2.50' });
  });

  it('validates the form: message required, rating 1-5, e-mail format', async () => {
    const response = await t.client().post('/api/feedback', { message: ' ', rating: 9, email: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      message: ['The message is required.'],
      rating: ['The rating field must not be greater than 5.'],
      email: ['wrong email'],
    });
  });

  it('limits feedback per IP (429 with Retry-After)', async () => {
    const guest = t.client();
    const send = () => guest.request({ method: 'POST', url: '/api/feedback', payload: { message: 'spam' }, remoteAddress: '192.0.2.99' });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
