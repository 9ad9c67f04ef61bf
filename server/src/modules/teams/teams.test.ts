import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, memoryTransport, type TestApp, type TestClient } from '../../../test/harness';
import type { UserRow } from '../../db/schema';

let t: TestApp;
const mailbox = memoryTransport();
let owner: UserRow;
let ownerClient: TestClient;

async function invitationLink(email: string) {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = [...mailbox.sent].reverse().find((m) => m.to === email);
        link = mail?.text.match(/https?:\/\/\S+invitation\?token=\S+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return new URL(link!).searchParams.get('token')!;
}

function recordText(userId: number, title: string) {
  return t.container.history.record({ projectId: crypto.randomUUID(), userId, type: 'text', sourceLang: 'en', targetLang: 'ar', domain: 'general', title });
}

async function teamUser(roleId: number, teamOwner: TestClient) {
  const email = `m${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  expect((await teamOwner.post('/api/team/invite', { email, role_id: roleId })).statusCode).toBe(200);
  const token = await invitationLink(email);
  const created = await t.client().post('/api/create-user', { token, name: 'Member', password: 'password123', password_confirmation: 'password123' });
  expect(created.statusCode).toBe(201);
  const user = (await t.container.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()) as UserRow;
  return { user, client: await t.client().signInAs(user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { mailTransport: mailbox }, startQueue: true });
  const startUp = await t.container.plans.getBySlug('start-up');
  owner = await createUser(t.container, { name: 'Nadia Owner', email: 'nadia@example.com', plan_id: startUp.id });
  ownerClient = await t.client().signInAs(owner.id);
});
afterAll(() => t.close());

describe('team life cycle', () => {
  it('refuses a team to an account whose plan has no teams (402 with an upgrade prompt)', async () => {
    const trialUser = await createUser(t.container);
    const client = await t.client().signInAs(trialUser.id);
    const response = await client.post('/api/team', { name: 'Nope' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 402, type: 'plan_feature', message: 'Please upgrade your plan to use this feature' });
  });

  it('turns an account on a team plan into a team account owned by it', async () => {
    const response = await ownerClient.post('/api/team', { name: 'Nadia & Co' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name: 'Nadia & Co', seats: 5 });
    const me = (await ownerClient.get('/api/user')).json();
    expect(me.role_id).toBe('3');
    expect(me.team).toMatchObject({ role: '3' });
  });

  it('invites by e-mail; the invitee creates an account with the link and shares the plan', async () => {
    const response = await ownerClient.post('/api/team/invite', { email: 'sami@example.com', role_id: 5 });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Invitation sent.');
    const token = await invitationLink('sami@example.com');
    const mail = mailbox.sent.find((m) => m.to === 'sami@example.com')!;
    expect(mail.subject).toBe('You are invited to join \u2068Nadia & Co\u2069 on Lisan');
    expect(mail.text).toContain('valid for 7 days');

    const mismatch = await t.client().post('/api/create-user', { token, name: 'Sami', password: 'password123', password_confirmation: 'different' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);
    // An empty name does not hide the mismatch: one refusal lists both (zod skips refinements after an aborted field).
    const both = await t.client().post('/api/create-user', { token, name: ' ', password: 'password123', password_confirmation: 'different' });
    expect(both.json().errors).toEqual({ name: ['Name is required'], password_confirmation: ['The password confirmation does not match.'] });

    const created = await t.client().post('/api/create-user', { token, name: 'Sami', password: 'password123', password_confirmation: 'password123' });
    expect(created.statusCode).toBe(201);
    const again = await t.client().post('/api/create-user', { token, name: 'Sami', password: 'password123', password_confirmation: 'password123' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(['This invitation link is invalid or expired.']);

    const sami = (await t.container.database.db.selectFrom('users').selectAll().where('email', '=', 'sami@example.com').executeTakeFirstOrThrow()) as UserRow;
    const profile = (await (await t.client().signInAs(sami.id)).get('/api/user')).json();
    expect(profile).toMatchObject({ role_id: '5', plan: { slug: 'start-up' }, team: { role: '5' }, email_verified_at: expect.any(String) });

    const team = (await ownerClient.get('/api/team')).json().data;
    expect(team.members.map((m: { email: string }) => m.email)).toEqual(['nadia@example.com', 'sami@example.com']);
    expect(team.seats_taken).toBe(2);
  });

  it('answers an expired invitation with the invalid-link message', async () => {
    await ownerClient.post('/api/team/invite', { email: 'late@example.com' });
    const token = await invitationLink('late@example.com');
    await t.container.database.db.updateTable('team_invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.com').execute();
    const response = await t.client().post('/api/create-user', { token, name: 'Late', password: 'password123', password_confirmation: 'password123' });
    expect(response.statusCode).toBe(422);
  });

  it('accepts an invitation once when it is used twice at the same moment', async () => {
    await ownerClient.post('/api/team/invite', { email: 'twice@example.com' });
    const token = await invitationLink('twice@example.com');
    const accept = () => t.client().post('/api/create-user', { token, name: 'Twice', password: 'password123', password_confirmation: 'password123' });
    const answers = await Promise.all([accept(), accept()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await t.container.database.db.selectFrom('users').select('id').where('email', '=', 'twice@example.com').execute()).toHaveLength(1);
    // Give the seat back for the tests that count them.
    await t.container.database.db.deleteFrom('users').where('email', '=', 'twice@example.com').execute();
  });

  it('refuses an invitation beyond the paid seats', async () => {
    const team = (await ownerClient.get('/api/team')).json().data;
    for (let i = team.seats_taken; i < team.seats; i++) expect((await ownerClient.post('/api/team/invite', { email: `seat${i}@example.com` })).statusCode).toBe(200);
    const refused = await ownerClient.post('/api/team/invite', { email: 'one-too-many@example.com' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ type: 'seat_limit', message: 'All 5 seats of your plan are taken. Upgrade your plan or add seats to invite more members.' });
    // Re-inviting someone already invited takes no new seat.
    expect((await ownerClient.post('/api/team/invite', { email: `seat${team.seats - 1}@example.com` })).statusCode).toBe(200);
    // Cancelling an invitation frees its seat.
    const open = (await ownerClient.get('/api/team')).json().data.members.filter((m: { invited: boolean }) => m.invited);
    for (const invitation of open) expect((await ownerClient.post(`/api/team/invitations/${invitation.invitation_id}/delete`, {})).statusCode).toBe(200);
    expect((await ownerClient.get('/api/team')).json().data.seats_taken).toBe(2);
  });

  it("shows the owner the whole team's history, and refuses that view to members", async () => {
    const sami = (await t.container.database.db.selectFrom('users').selectAll().where('email', '=', 'sami@example.com').executeTakeFirstOrThrow()) as UserRow;
    // record() stamps each entry with its author's team.
    await recordText(owner.id, 'Owner text');
    await recordText(sami.id, 'Sami text');
    const team = (await ownerClient.get('/api/user/translation-history?scope=team')).json();
    expect(team.data.map((e: { title: string }) => e.title).sort()).toEqual(['Owner text', 'Sami text']);
    expect(team.data.find((e: { title: string }) => e.title === 'Sami text')).toMatchObject({ user_id: sami.id, user_name: 'Sami' });
    const mine = (await ownerClient.get('/api/user/translation-history')).json();
    expect(mine.data.map((e: { title: string }) => e.title)).toEqual(['Owner text']);
    const samiClient = await t.client().signInAs(sami.id);
    expect((await samiClient.get('/api/user/translation-history?scope=team')).statusCode).toBe(403);
    expect((await samiClient.get('/api/user/translation-history')).json().data.map((e: { title: string }) => e.title)).toEqual(['Sami text']);
    // A text translation is saved with its history entry, stamped with the team too.
    const translated = await samiClient.post('/api/translate', { text: 'Good morning', source_lang: 'en', target_lang: 'ar' });
    expect(translated.statusCode).toBe(200);
    const row = await t.container.database.db.selectFrom('history_entries').select(['team_id', 'user_id']).where('project_id', '=', JSON.parse(translated.json().data).project_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ team_id: (await ownerClient.get('/api/team')).json().data.id, user_id: sami.id });
  });

  it("shows owners and managers the team's usage against the plan, and each member's month; members see none", async () => {
    const sami = (await t.container.database.db.selectFrom('users').selectAll().where('email', '=', 'sami@example.com').executeTakeFirstOrThrow()) as UserRow;
    const samiClient = await t.client().signInAs(sami.id);
    const before = (await ownerClient.get('/api/team')).json().data.usage.text_requests_today as number;
    // Members share the team's daily text counter: a text by Sami and one by the owner count twice.
    for (const client of [samiClient, ownerClient]) {
      const answer = await client.post('/api/translate', { text: 'Good morning.', source_lang: 'en', target_lang: 'ar' });
      expect(answer.statusCode).toBe(200);
    }
    const startUp = await t.container.plans.getBySlug('start-up');
    const team = (await ownerClient.get('/api/team')).json().data;
    expect(team.usage).toEqual({
      text_requests_today: before + 2,
      daily_text_requests: startUp.daily_text_requests,
      doc_requests_this_month: 0,
      monthly_doc_requests: startUp.monthly_doc_requests,
      web_pages_this_month: 0,
      web_pages: startUp.web_pages,
      api_characters_this_month: 0,
      monthly_api_characters: startUp.monthly_api_characters,
    });
    const samiRow = team.members.find((m: { id: number | null }) => m.id === sami.id);
    expect(samiRow.usage).toEqual({ doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: 0 });
    // A member (role 5) sees the team, not its usage.
    const memberView = (await samiClient.get('/api/team')).json().data;
    expect(memberView.usage).toBeUndefined();
    expect(memberView.members.every((m: { usage?: unknown }) => m.usage === undefined)).toBe(true);
  });

  it('lets the manager switch the LLM mode off for the whole team', async () => {
    const sami = (await t.container.database.db.selectFrom('users').selectAll().where('email', '=', 'sami@example.com').executeTakeFirstOrThrow()) as UserRow;
    const samiClient = await t.client().signInAs(sami.id);
    expect((await samiClient.get('/api/user')).json().llm_enabled).toBe(true);
    expect((await ownerClient.post('/api/team/settings', { llm_enabled: false })).statusCode).toBe(200);
    expect((await samiClient.get('/api/user')).json().llm_enabled).toBe(false);
    await ownerClient.post('/api/team/settings', { llm_enabled: true });
  });

  it('edits a role, then removes the member: their sessions end and they are on their own again', async () => {
    const { user, client } = await teamUser(5, ownerClient);
    expect((await ownerClient.post(`/api/team/members/${user.id}`, { role_id: 4 })).statusCode).toBe(200);
    expect((await client.get('/api/user')).json().role_id).toBe('4');
    expect((await ownerClient.post(`/api/team/members/${user.id}`, { role_id: 3 })).statusCode).toBe(422);
    expect((await ownerClient.post(`/api/team/members/${owner.id}`, { role_id: 5 })).statusCode).toBe(403);
    await recordText(user.id, 'Made for the team');
    expect((await ownerClient.post(`/api/team/members/${user.id}/delete`, {})).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    // Signed out without a word before: an e-mail now says why, and what their account is.
    await expect.poll(() => mailbox.sent.find((m) => m.to === user.email && m.subject.includes('no longer')), { timeout: 15_000 }).toBeTruthy();
    const removedMail = mailbox.sent.find((m) => m.to === user.email && m.subject.includes('no longer'))!;
    expect(removedMail.subject).toBe('You are no longer a member of \u2068Nadia & Co\u2069 on Lisan');
    expect(removedMail.text.replace(/[\u2066-\u2069]/g, '')).toContain('Nadia Owner removed you from Nadia & Co on Lisan, and you were signed out.');
    expect(removedMail.text).toContain('an individual account again, on the free trial');
    expect(removedMail.text).toMatch(/https?:\/\/\S+\/login/);
    const row = await t.container.users.findById(user.id);
    expect(row?.role_id).toBe(2);

    // Their history stays with the team: the team's view keeps it, their own view no longer has it.
    await recordText(user.id, 'Made alone afterwards');
    const titles = (page: { data: Array<{ title: string }> }) => page.data.map((e) => e.title);
    const team = (await ownerClient.get('/api/user/translation-history?scope=team')).json();
    expect(titles(team)).toContain('Made for the team');
    expect(titles(team)).not.toContain('Made alone afterwards');
    expect(team.data.find((e: { title: string }) => e.title === 'Made for the team')).toMatchObject({ user_id: user.id, user_name: 'Member' });
    const former = await t.client().signInAs(user.id);
    expect(titles((await former.get('/api/user/translation-history')).json())).toEqual(['Made alone afterwards']);
    const teamEntry = team.data.find((e: { title: string }) => e.title === 'Made for the team');
    expect((await former.get(`/api/user/translation-history/${teamEntry.project_id}`)).statusCode).toBe(404);
    expect((await former.post('/api/user/translation-history/delete/all', {})).json().deleted).toBe(1);
    expect(titles((await ownerClient.get('/api/user/translation-history?scope=team')).json())).toContain('Made for the team');
  });

  // The screen titles these answers "Please check the role change" / "… the ownership transfer"; each field says what was wrong, in the reader's language.
  it('answers a refused role change or ownership transfer with 422 and what to choose, in English and in Arabic', async () => {
    const { user } = await teamUser(5, ownerClient);
    const arabic = await t.client().signInAs(owner.id);
    arabic.locale = 'ar';
    const cases = [
      { url: `/api/team/members/${user.id}`, body: { role_id: 3 }, field: 'role_id', en: 'Choose the manager or the member role.', ar: 'اختر دور المدير أو دور العضو.' },
      { url: `/api/team/members/${user.id}`, body: {}, field: 'role_id', en: 'Choose the manager or the member role.', ar: 'اختر دور المدير أو دور العضو.' },
      { url: `/api/team/members/${user.id}`, body: { role_id: 'owner' }, field: 'role_id', en: 'Choose the manager or the member role.', ar: 'اختر دور المدير أو دور العضو.' },
      { url: '/api/team/transfer', body: {}, field: 'member_id', en: 'Choose a member of your team.', ar: 'اختر عضوًا من فريقك.' },
      { url: '/api/team/transfer', body: { member_id: 'x' }, field: 'member_id', en: 'Choose a member of your team.', ar: 'اختر عضوًا من فريقك.' },
      { url: '/api/team/transfer', body: { member_id: -1 }, field: 'member_id', en: 'Choose a member of your team.', ar: 'اختر عضوًا من فريقك.' },
      { url: '/api/team/transfer', body: { member_id: owner.id }, field: 'member_id', en: 'You already own this team.', ar: 'أنت مالك هذا الفريق بالفعل.' },
    ];
    for (const { url, body, field, en, ar } of cases) {
      for (const [client, message] of [[ownerClient, en], [arabic, ar]] as const) {
        const response = await client.post(url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
        expect(response.json(), `${url} ${JSON.stringify(body)}`).toEqual({ message, errors: { [field]: [message] } });
      }
    }
    // Nothing changed: the member keeps their role, the owner their team.
    const team = (await ownerClient.get('/api/team')).json().data;
    expect(team.members.find((m: { id: number }) => m.id === user.id).role_id).toBe('5');
    expect((await ownerClient.get('/api/user')).json().role_id).toBe('3');
    // The seat is free again for the tests that follow.
    expect((await ownerClient.post(`/api/team/members/${user.id}/delete`, {})).statusCode).toBe(200);
  });

  // A member or manager who wanted out had no way but deleting their account.
  it('lets a manager or member leave on their own: an individual account again, still signed in; the owner may not', async () => {
    const { user, client } = await teamUser(4, ownerClient);
    await recordText(user.id, 'Written before leaving');
    const left = await client.post('/api/team/leave', {});
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ status: 200, message: 'You left the team. Your account is an individual account again.' });
    const me = (await client.get('/api/user')).json();
    expect(me).toMatchObject({ role_id: '2', team: null, plan: { slug: 'free-trial' } });
    expect((await client.get('/api/team')).json().data).toBeNull();
    expect((await ownerClient.get('/api/team')).json().data.members.map((m: { id: number | null }) => m.id)).not.toContain(user.id);
    // What they translated in the team stays with the team.
    expect((await ownerClient.get('/api/user/translation-history?scope=team')).json().data.map((e: { title: string }) => e.title)).toContain('Written before leaving');
    // Out of the team, there is nothing to leave; the owner hands over or dissolves instead.
    expect((await client.post('/api/team/leave', {})).statusCode).toBe(403);
    const ownerInArabic = await t.client().signInAs(owner.id);
    ownerInArabic.locale = 'ar';
    const refused = await ownerInArabic.post('/api/team/leave', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('بصفتك مالك الحساب، يجب نقل ملكية الفريق إلى أحد أعضائه أو حلّه بدلًا من مغادرته.');
    expect((await t.client().post('/api/team/leave', {})).statusCode).toBe(401);
  });

  it('keeps members when the paid seats shrink, withdraws open invitations that no longer fit, refuses new ones', async () => {
    const pro = await t.container.plans.getBySlug('pro');
    const boss = await createUser(t.container, { plan_id: pro.id });
    const bossClient = await t.client().signInAs(boss.id);
    expect((await bossClient.post('/api/team', { name: 'Shrinking' })).json().data.seats).toBe(pro.included_seats);
    await teamUser(5, bossClient);
    await teamUser(5, bossClient);
    for (const email of ['open1@example.com', 'open2@example.com']) expect((await bossClient.post('/api/team/invite', { email })).statusCode).toBe(200);
    expect((await bossClient.get('/api/team')).json().data.seats_taken).toBe(5);

    await t.container.teams.applyPaidSeats(boss.id, 4);
    let team = (await bossClient.get('/api/team')).json().data;
    expect(team).toMatchObject({ seats: 4, seats_taken: 4 });
    expect(team.members.filter((m: { invited: boolean }) => m.invited).map((m: { email: string }) => m.email)).toEqual(['open1@example.com']);

    await t.container.teams.applyPaidSeats(boss.id, 2);
    team = (await bossClient.get('/api/team')).json().data;
    expect(team).toMatchObject({ seats: 2, seats_taken: 3 });
    expect(team.members.every((m: { invited: boolean }) => !m.invited)).toBe(true);
    const refused = await bossClient.post('/api/team/invite', { email: 'no-room@example.com' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ type: 'seat_limit', message: 'All 2 seats of your plan are taken. Upgrade your plan or add seats to invite more members.' });
  });
});

describe('team authorization matrix', () => {
  it('allows only owners and managers of the same team to manage it', async () => {
    const { user: manager, client: managerClient } = await teamUser(4, ownerClient);
    const { user: member, client: memberClient } = await teamUser(5, ownerClient);

    // Another team, with its own owner.
    const pro = await t.container.plans.getBySlug('pro');
    const otherOwner = await createUser(t.container, { plan_id: pro.id });
    const otherClient = await t.client().signInAs(otherOwner.id);
    expect((await otherClient.post('/api/team', { name: 'Other' })).statusCode).toBe(201);
    const individual = await t.client().signInAs((await createUser(t.container)).id);
    const admin = await t.client().signInAs((await createUser(t.container, { role_id: 1 })).id);

    const write: Array<[string, unknown]> = [
      ['/api/team/invite', { email: 'x@example.com' }],
      [`/api/team/members/${member.id}`, { role_id: 5 }],
      ['/api/team/settings', { llm_enabled: true }],
    ];
    for (const [url, body] of write) {
      expect((await t.client().post(url, body)).statusCode, `guest ${url}`).toBe(401);
      expect((await memberClient.post(url, body)).statusCode, `member ${url}`).toBe(403);
      expect((await individual.post(url, body)).statusCode, `individual ${url}`).toBe(403);
      expect((await admin.post(url, body)).statusCode, `admin ${url}`).toBe(403);
      expect([200], `manager ${url}`).toContain((await managerClient.post(url, body)).statusCode);
    }
    // Another team's owner cannot reach this team's members by guessing ids.
    expect((await otherClient.post(`/api/team/members/${member.id}`, { role_id: 4 })).statusCode).toBe(404);
    expect((await otherClient.post(`/api/team/members/${member.id}/delete`, {})).statusCode).toBe(404);
    expect((await otherClient.get('/api/team')).json().data.members.map((m: { id: number }) => m.id)).toEqual([otherOwner.id]);
    // Only the owner transfers or dissolves.
    expect((await managerClient.post('/api/team/transfer', { member_id: manager.id })).statusCode).toBe(403);
    expect((await managerClient.post('/api/team/delete', {})).statusCode).toBe(403);
    expect((await t.client().get('/api/team')).statusCode).toBe(401);
  });

  it('hands the team over, then dissolves it', async () => {
    // More seats bought (the billing module keeps teams.seats in step with the subscription).
    await t.container.database.db.updateTable('teams').set({ seats: 20 }).where('owner_id', '=', owner.id).execute();
    const { user: heir, client: heirClient } = await teamUser(5, ownerClient);
    expect((await ownerClient.post('/api/team/transfer', { member_id: heir.id })).statusCode).toBe(200);
    expect((await heirClient.get('/api/user')).json().role_id).toBe('3');
    expect((await ownerClient.get('/api/user')).json().role_id).toBe('4');
    // The new owner is told, with what it means for their plan.
    await expect.poll(() => mailbox.sent.find((m) => m.to === heir.email && m.subject.includes('now the owner')), { timeout: 15_000 }).toBeTruthy();
    const ownerMail = mailbox.sent.find((m) => m.to === heir.email && m.subject.includes('now the owner'))!;
    expect(ownerMail.subject).toBe('You are now the owner of \u2068Nadia & Co\u2069 on Lisan');
    expect(ownerMail.text.replace(/[\u2066-\u2069]/g, '')).toContain('Nadia Owner handed Nadia & Co over to you on Lisan.');
    expect(ownerMail.text).toContain('the team works under your plan');
    expect(ownerMail.text).toMatch(/https?:\/\/\S+\/team\b/);
    // The team's glossary and memory go with the team (foreign keys, on delete cascade).
    expect((await heirClient.post('/api/team/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'invoice', target_term: 'فاتورة' })).statusCode).toBe(201);
    const teamId = (await heirClient.get('/api/team')).json().data.id;
    await t.container.database.db
      .insertInto('translation_memory')
      .values({ owner_key: `team:${teamId}`, owner_user_id: null, team_id: teamId, source_lang: 'en', target_lang: 'ar', source_norm: 'hello', source_text: 'Hello', target_text: 'مرحبا', origin: 'suggestion' })
      .execute();
    await recordText(heir.id, 'Heir text');
    const teamRows = async () => ({
      glossary: (await t.container.database.db.selectFrom('team_glossary_terms').select('id').where('team_id', '=', teamId).execute()).length,
      memory: (await t.container.database.db.selectFrom('translation_memory').select('id').where('team_id', '=', teamId).execute()).length,
    });
    expect(await teamRows()).toEqual({ glossary: 1, memory: 1 });
    expect((await heirClient.post('/api/team/delete', {})).statusCode).toBe(200);
    expect(await teamRows()).toEqual({ glossary: 0, memory: 0 });
    // History entries go back to their authors alone.
    expect((await heirClient.get('/api/user/translation-history')).json().data.map((e: { title: string }) => e.title)).toContain('Heir text');
    expect((await heirClient.get('/api/team')).json().data).toBeNull();
    expect((await ownerClient.get('/api/user')).json()).toMatchObject({ role_id: '2', team: null });
  });
});
