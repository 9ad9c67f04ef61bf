import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { queuedMails } from '../../../test/billing-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { renderMail, type MailJob } from '../../mail/mailer';

// The team's owner hears when an invited colleague joins: once per accepted invitation, in the owner's saved language,
// with the member's and the team's names isolated. An api process: mail is queued (pgboss.job) and no worker sends it,
// so the queue holds every mail asked for, and counting it is exact.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ role: 'api', startQueue: true });
});
afterAll(() => t.close());

const FSI = '\u2068';
const LRI = '\u2066';
const PDI = '\u2069';

async function ownerWithTeam(locale: 'en' | 'ar', name: string, email: string, teamName: string) {
  const startUp = await t.container.plans.getBySlug('start-up');
  const owner = await createUser(t.container, { name, email, plan_id: startUp.id, locale });
  const client = await t.client().signInAs(owner.id);
  expect((await client.post('/api/team', { name: teamName })).statusCode).toBe(201);
  return { owner, client };
}

/** The token of the last invitation queued for the address (the link in its mail). */
async function invitationToken(email: string) {
  const job = (await queuedMails(t, { to: email })).filter((m: MailJob) => m.template === 'teamInvitation').at(-1) as MailJob<'teamInvitation'>;
  return new URL(job.data.link).searchParams.get('token')!;
}

const joinedMails = async (to: string): Promise<MailJob<'teamJoined'>[]> => (await queuedMails(t, { to })).filter((m: MailJob) => m.template === 'teamJoined');

describe("the owner's mail when an invited colleague joins", () => {
  it('in Arabic for an Arabic owner, once, when the colleague makes an account; not again when the link is used again', async () => {
    const { client } = await ownerWithTeam('ar', 'نادية العلي', 'owner-ar@example.com', 'Nadia & Co');
    // Invited, then the invitation sent again (it replaces the open one): still one join to tell of.
    for (let i = 0; i < 2; i++) expect((await client.post('/api/team/invite', { email: 'sami-new@example.com', role_id: 4 })).statusCode).toBe(200);
    const token = await invitationToken('sami-new@example.com');
    expect(await joinedMails('owner-ar@example.com')).toHaveLength(0);

    const created = await t.client().post('/api/create-user', { token, name: 'Sami Qahtani', password: 'password123', password_confirmation: 'password123' });
    expect(created.statusCode, created.body).toBe(201);
    // The used link is refused and mails nobody.
    const again = await t.client().post('/api/create-user', { token, name: 'Sami Qahtani', password: 'password123', password_confirmation: 'password123' });
    expect(again.statusCode).toBe(422);

    const mails = await joinedMails('owner-ar@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('ar');
    const mail = renderMail(mails[0]!);
    expect(mail.subject).toBe(`انضمام ${FSI}Sami Qahtani${PDI} إلى «${FSI}Nadia & Co${PDI}» في لسان`);
    expect(mail.text).toContain(`مرحبًا ${FSI}نادية العلي${PDI}`);
    expect(mail.text).toContain(`تم قبول الدعوة التي أرسلتها إلى ${FSI}Sami Qahtani${PDI} (${LRI}sami-new@example.com${PDI}) للانضمام إلى «${FSI}Nadia & Co${PDI}» في لسان، وأصبح لدى الفريق عضو جديد.`);
    expect(mail.text).toContain('الدور في الفريق: مدير الحساب');
    expect(mail.text).toContain('فتح صفحة الفريق');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('href="http');
    expect(mail.text).toMatch(/https?:\/\/\S+\/team\n/);
  });

  it('in English for an English owner, once, when a signed-in colleague joins; re-sending an accepted address mails nothing', async () => {
    const { client } = await ownerWithTeam('en', 'Layla Haddad', 'owner-en@example.com', 'دار ليلى');
    const colleague = await createUser(t.container, { name: 'سامي القحطاني', email: 'sami-existing@example.com', locale: 'ar' });
    expect((await client.post('/api/team/invite', { email: 'sami-existing@example.com', role_id: 5 })).statusCode).toBe(200);
    const token = await invitationToken('sami-existing@example.com');
    const member = await t.client().signInAs(colleague.id);
    const joined = await member.post('/api/team/invitations/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await member.post('/api/team/invitations/accept', { token })).statusCode).toBe(422);
    // The member is in the team now: a new invitation to the address is refused, and no second mail goes out.
    expect((await client.post('/api/team/invite', { email: 'sami-existing@example.com', role_id: 5 })).statusCode).toBe(422);

    const mails = await joinedMails('owner-en@example.com');
    expect(mails).toHaveLength(1);
    // The owner's language, not the member's.
    expect(mails[0]!.locale).toBe('en');
    const mail = renderMail(mails[0]!);
    expect(mail.subject).toBe(`${FSI}سامي القحطاني${PDI} joined ${FSI}دار ليلى${PDI} on Lisan`);
    expect(mail.text).toContain(`${FSI}سامي القحطاني${PDI} (${LRI}sami-existing@example.com${PDI}) accepted your invitation and joined ${FSI}دار ليلى${PDI} on Lisan.`);
    expect(mail.text).toContain('Role in the team: team member.');
    expect(mail.text).toContain("count against your plan's limits");
    expect(mail.html).toContain('dir="ltr"');
    // Nobody else was told: the member's own mailbox holds only the invitation.
    expect(await joinedMails('sami-existing@example.com')).toHaveLength(0);
  });
});
