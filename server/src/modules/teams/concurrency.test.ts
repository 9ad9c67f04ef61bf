// The same team action sent three times at once (a double click, a client's retry): one goes
// through, the others are refused with a 4xx in the envelope (409 when they raced the first to
// the database, or the usual refusal when they read its result), never a 500, and nothing is
// left half done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, memoryTransport, type TestApp } from '../../../test/harness';

let t: TestApp;
const mailbox = memoryTransport();
beforeAll(async () => {
  t = await createTestApp({ overrides: { mailTransport: mailbox }, startQueue: true });
});
afterAll(() => t.close());

/** One answer went through (`ok`); the others were refused in the envelope, not failed. */
function oneWentThrough(answers: Array<{ statusCode: number; json(): unknown }>, ok: number) {
  expect(answers.filter((answer) => answer.statusCode === ok)).toHaveLength(1);
  for (const answer of answers.filter((a) => a.statusCode !== ok)) {
    expect([403, 409, 422]).toContain(answer.statusCode);
    expect(answer.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
}

async function teamOwner() {
  const startUp = await t.container.plans.getBySlug('start-up');
  const owner = await createUser(t.container, { plan_id: startUp.id });
  return { owner, client: await t.client().signInAs(owner.id) };
}

describe('team actions sent three times at once', () => {
  it('creating a team: one team, the other two refused', async () => {
    const { owner, client } = await teamOwner();
    const answers = await Promise.all(['A', 'B', 'C'].map((name) => client.post('/api/team', { name: `Team ${name}` })));
    oneWentThrough(answers, 201);
    const teams = await t.container.database.db.selectFrom('teams').select('id').where('owner_id', '=', owner.id).execute();
    expect(teams).toHaveLength(1);
    expect(await t.container.database.db.selectFrom('team_members').select('team_id').where('user_id', '=', owner.id).execute()).toEqual([{ team_id: teams[0]!.id }]);
  });

  it('accepting one invitation: one membership, the other two refused', async () => {
    const { client } = await teamOwner();
    const teamId = (await client.post('/api/team', { name: 'Invitations' })).json().data.id as number;
    const joiner = await createUser(t.container);
    expect((await client.post('/api/team/invite', { email: joiner.email, role_id: 5 })).statusCode).toBe(200);
    await expect.poll(() => mailbox.sent.find((mail) => mail.to === joiner.email), { timeout: 15_000 }).toBeTruthy();
    const link = mailbox.sent.find((mail) => mail.to === joiner.email)!.text.match(/https?:\/\/\S+invitation\?token=\S+/)![0];
    const token = new URL(link).searchParams.get('token')!;
    const joinerClient = await t.client().signInAs(joiner.id);
    const answers = await Promise.all([0, 1, 2].map(() => joinerClient.post('/api/team/invitations/accept', { token })));
    oneWentThrough(answers, 200);
    const members = await t.container.database.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute();
    expect(members.map((member) => member.user_id)).toContain(joiner.id);
    expect(members).toHaveLength(2);
    expect((await joinerClient.get('/api/team')).statusCode).toBe(200);
  });
});
