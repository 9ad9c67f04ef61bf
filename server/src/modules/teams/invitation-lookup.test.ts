// GET /api/team/invitations/lookup: what an invitation link is, asked by the invitation page before it offers the
// sign-up form or Join. Each state (valid, expired, used, revoked), an unknown token, a dissolved team, the join
// refusals of a signed-in caller, the validation envelope, and the rate limit per address. Also the rate limits of
// the two accept routes (POST /api/create-user per address, POST /api/team/invitations/accept per user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, memoryTransport, type TestApp, type TestClient } from '../../../test/harness';
import type { UserRow } from '../../db/schema';
import { INVITATION_RATE_LIMITS } from './service';

let t: TestApp;
const mailbox = memoryTransport();
let ownerClient: TestClient;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function lookup(token: string, client: TestClient = t.client(), ip = freshIp()) {
  return client.request({ method: 'GET', url: `/api/team/invitations/lookup?token=${encodeURIComponent(token)}`, remoteAddress: ip });
}

async function invite(email: string, client = ownerClient, roleId = 5) {
  expect((await client.post('/api/team/invite', { email, role_id: roleId })).statusCode).toBe(200);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = [...mailbox.sent].reverse().find((m) => m.to === email)?.text.match(/https?:\/\/\S+invitation\?token=\S+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  // The next invitation of the same address must not find this e-mail again.
  mailbox.sent.splice(0, mailbox.sent.length);
  return new URL(link!).searchParams.get('token')!;
}

async function teamOwner(name: string) {
  const startUp = await t.container.plans.getBySlug('start-up');
  const owner = await createUser(t.container, { plan_id: startUp.id });
  const client = await t.client().signInAs(owner.id);
  const created = await client.post('/api/team', { name });
  expect(created.statusCode).toBe(201);
  // Room for every invitation of these tests.
  await t.container.database.db.updateTable('teams').set({ seats: 50 }).where('id', '=', created.json().data.id).execute();
  return client;
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { mailTransport: mailbox }, startQueue: true });
  ownerClient = await teamOwner('Nadia & Co');
});
afterAll(() => t.close());

describe('GET /api/team/invitations/lookup', () => {
  it('answers a live link with the team, the invited address and role, its expiry, and no refusal for a guest', async () => {
    const token = await invite('fresh@example.com', ownerClient, 4);
    const response = await lookup(token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({ state: 'valid', team: 'Nadia & Co', email: 'fresh@example.com', role_id: '4', expires_at: expect.any(String), has_account: false, join_refusal: null });
    const days = (new Date(data.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('answers an unknown token with "invalid" and nothing else, the same as a malformed one', async () => {
    for (const token of ['no-such-token', 'x'.repeat(200)]) {
      const response = await lookup(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { state: 'invalid' } });
    }
  });

  it('answers a missing or overlong token with the validation envelope (422)', async () => {
    const missing = await t.client().request({ method: 'GET', url: '/api/team/invitations/lookup', remoteAddress: freshIp() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'This invitation link is invalid or expired.', errors: { token: ['This invitation link is invalid or expired.'] } });
    expect((await lookup('x'.repeat(201))).statusCode).toBe(422);
  });

  it('says "used" once the invitation made an account, naming only the team', async () => {
    const token = await invite('used@example.com');
    const created = await t.client().post('/api/create-user', { token, name: 'Used', password: 'password123', password_confirmation: 'password123' });
    expect(created.statusCode).toBe(201);
    expect((await lookup(token)).json()).toEqual({ data: { state: 'used', team: 'Nadia & Co' } });
  });

  it('says "expired" after its seven days, and the accept routes refuse it as before', async () => {
    const token = await invite('late@example.com');
    await t.container.database.db.updateTable('team_invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.com').execute();
    expect((await lookup(token)).json()).toEqual({ data: { state: 'expired', team: 'Nadia & Co' } });
    const refused = await t.client().post('/api/create-user', { token, name: 'Late', password: 'password123', password_confirmation: 'password123' });
    expect(refused.statusCode).toBe(422);
  });

  it('says "revoked" when a manager cancels it or a newer invitation replaces it; neither can be accepted, and neither takes a seat', async () => {
    const cancelled = await invite('cancelled@example.com');
    const before = (await ownerClient.get('/api/team')).json().data;
    const entry = before.members.find((m: { email: string }) => m.email === 'cancelled@example.com');
    expect((await ownerClient.post(`/api/team/invitations/${entry.invitation_id}/delete`, {})).statusCode).toBe(200);
    expect((await lookup(cancelled)).json()).toEqual({ data: { state: 'revoked', team: 'Nadia & Co' } });
    const after = (await ownerClient.get('/api/team')).json().data;
    expect(after.seats_taken).toBe(before.seats_taken - 1);
    expect(after.members.some((m: { email: string }) => m.email === 'cancelled@example.com')).toBe(false);
    // Cancelling it again finds nothing open.
    expect((await ownerClient.post(`/api/team/invitations/${entry.invitation_id}/delete`, {})).statusCode).toBe(404);
    const refused = await t.client().post('/api/create-user', { token: cancelled, name: 'Gone', password: 'password123', password_confirmation: 'password123' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual(['This invitation link is invalid or expired.']);

    const first = await invite('twice-invited@example.com');
    const second = await invite('twice-invited@example.com');
    expect((await lookup(first)).json().data.state).toBe('revoked');
    expect((await lookup(second)).json().data.state).toBe('valid');
    expect((await ownerClient.get('/api/team')).json().data.members.filter((m: { email: string }) => m.email === 'twice-invited@example.com')).toHaveLength(1);
    // The address invited again after a cancellation gets a live link.
    expect((await lookup(await invite('cancelled@example.com'))).json().data.state).toBe('valid');
  });

  it('answers "invalid" once the team is dissolved', async () => {
    const client = await teamOwner('Short-lived');
    const token = await invite('orphan@example.com', client);
    expect((await lookup(token)).json().data).toMatchObject({ state: 'valid', team: 'Short-lived' });
    expect((await client.post('/api/team/delete', {})).statusCode).toBe(200);
    expect((await lookup(token)).json()).toEqual({ data: { state: 'invalid' } });
  });

  it('tells a signed-in caller, before Join, why the accept route would refuse them', async () => {
    const token = await invite('joiner@example.com');
    const stranger = await t.client().signInAs((await createUser(t.container, { email: 'stranger@example.com' })).id);
    expect((await lookup(token, stranger)).json().data).toMatchObject({ state: 'valid', email: 'joiner@example.com', has_account: false, join_refusal: 'other_email' });
    expect((await stranger.post('/api/team/invitations/accept', { token })).statusCode).toBe(403);

    const joiner: UserRow = await createUser(t.container, { email: 'joiner@example.com' });
    const joinerClient = await t.client().signInAs(joiner.id);
    // A guest with the link learns the address has an account (sign in, then join).
    expect((await lookup(token)).json().data).toMatchObject({ has_account: true, join_refusal: null });
    expect((await lookup(token, joinerClient)).json().data).toMatchObject({ state: 'valid', has_account: true, join_refusal: null });
    expect((await joinerClient.post('/api/team/invitations/accept', { token })).statusCode).toBe(200);
    expect((await lookup(token, joinerClient)).json().data.state).toBe('used');

    // Already in a team (this one): a second invitation to another team is refused before Join.
    const other = await teamOwner('Other team');
    const second = await invite('joiner@example.com', other);
    expect((await lookup(second, joinerClient)).json().data.join_refusal).toBe('already_in_team');
    expect((await joinerClient.post('/api/team/invitations/accept', { token: second })).statusCode).toBe(422);
  });

  it('tells an administrator that only an individual account can join', async () => {
    const admin = await createUser(t.container, { email: 'site-admin@example.com', role_id: 1 });
    const token = await invite('site-admin@example.com');
    const adminClient = await t.client().signInAs(admin.id);
    expect((await lookup(token, adminClient)).json().data.join_refusal).toBe('not_individual');
    expect((await adminClient.post('/api/team/invitations/accept', { token })).statusCode).toBe(403);
  });

  it('limits look-ups per address (429 with Retry-After); another address is not limited', async () => {
    const ip = freshIp();
    for (let i = 0; i < INVITATION_RATE_LIMITS.lookupPerIp[0]; i++) expect((await lookup('guess-' + i, t.client(), ip)).statusCode).toBe(200);
    const limited = await lookup('guess-more', t.client(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many requests/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup('guess-more')).statusCode).toBe(200);
  });
});

describe('rate limits of the accept routes', () => {
  // The wait in minutes, or "1 hour" when a full window of an hour is left (retryWait), never in seconds.
  const minutesWait = {
    en: /^Too many requests\. Please try again in (\d+ minutes|1 hour)\.$/,
    ar: /^طلبات كثيرة جدًا\. يُرجى المحاولة مرة أخرى بعد (\d+ (دقائق|دقيقةً|دقيقة)|دقيقتين|ساعة واحدة)\.$/,
  };

  function newAccount(token: string, ip: string, locale: 'en' | 'ar' = 'en') {
    return t.client().request({
      method: 'POST',
      url: '/api/create-user',
      payload: { token, name: 'Guess', password: 'password123', password_confirmation: 'password123' },
      headers: { 'accept-language': locale },
      remoteAddress: ip,
    });
  }

  it('limits the accounts made from invitation links per address, counting refused tokens too (429, minutes wording in both languages)', async () => {
    const ip = freshIp();
    const [limit, windowSeconds] = INVITATION_RATE_LIMITS.newAccountPerIp;
    // A good link counts like the guesses around it.
    const token = await invite('counted@example.com');
    expect((await newAccount(token, ip)).statusCode).toBe(201);
    for (let i = 1; i < limit; i++) expect((await newAccount('guess-' + i, ip)).statusCode).toBe(422);
    const limited = await newAccount(await invite('too-late@example.com'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(minutesWait.en) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    const arabic = await newAccount('guess-ar', ip, 'ar');
    expect(arabic.statusCode).toBe(429);
    expect(arabic.json()).toEqual({ message: expect.stringMatching(minutesWait.ar) });
    // Nothing was made by the refused attempt; another address may still use the link.
    expect(await t.container.database.db.selectFrom('users').select('id').where('email', '=', 'too-late@example.com').executeTakeFirst()).toBeUndefined();
    expect((await newAccount(await invite('too-late@example.com'), freshIp())).statusCode).toBe(201);
  });

  it("limits a signed-in user's Join per user, whatever the address (429, minutes wording in both languages)", async () => {
    const guesser = await t.client().signInAs((await createUser(t.container, { email: 'guesser@example.com' })).id);
    const [limit, windowSeconds] = INVITATION_RATE_LIMITS.acceptPerUser;
    const accept = (token: string, locale: 'en' | 'ar' = 'en') =>
      guesser.request({ method: 'POST', url: '/api/team/invitations/accept', payload: { token }, headers: { 'accept-language': locale }, remoteAddress: freshIp() });
    for (let i = 0; i < limit; i++) expect((await accept('guess-' + i)).statusCode).toBe(422);
    const token = await invite('guesser@example.com');
    const limited = await accept(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(minutesWait.en) });
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    expect((await accept('guess-ar', 'ar')).json()).toEqual({ message: expect.stringMatching(minutesWait.ar) });
    // The refused Join did not use the invitation.
    expect((await lookup(token)).json().data.state).toBe('valid');

    // Another user is counted on their own.
    const other = await createUser(t.container, { email: 'other-joiner@example.com' });
    const otherToken = await invite('other-joiner@example.com');
    expect((await (await t.client().signInAs(other.id)).post('/api/team/invitations/accept', { token: otherToken })).statusCode).toBe(200);
  });
});
