/**
 * Test factories for the translation modules' API tests: users on a given plan and a
 * test-only sign-in endpoint (the accounts module owns the real sign-in).
 * Only test files import this.
 */
import type { FastifyInstance } from 'fastify';
import type { DictionaryEntry, TranslationData } from '../../../../contract/translate';
import type { Container } from '../../container';
import type { TestApp, TestClient } from '../../../test/harness';

let sequence = 0;

/** Adds POST /api/test/sign-in {user_id}: starts a session as that user. */
export function addTestSignIn(app: FastifyInstance, container: Container) {
  app.post('/api/test/sign-in', async (request, reply) => {
    const { user_id } = request.body as { user_id: number };
    // Remembered (30 days), so tests can move the clock by days.
    await container.sessions.start(request, reply, { userId: user_id, remember: true });
    return reply.code(204).send();
  });
}

export interface TestUserOptions {
  plan?: string;
  verified?: boolean;
  trialEndsAt?: Date | null;
  roleId?: number;
  name?: string;
}

export async function createTestUser(t: TestApp, options: TestUserOptions = {}) {
  const db = t.container.database.db;
  const plan = await db.selectFrom('plans').select('id').where('slug', '=', options.plan ?? 'hobbyist').executeTakeFirstOrThrow();
  sequence++;
  return db
    .insertInto('users')
    .values({
      name: options.name ?? `Tester ${sequence}`,
      email: `tester-${sequence}-${Date.now()}@example.com`,
      role_id: options.roleId ?? 2,
      password_hash: null,
      email_verified_at: options.verified === false ? null : new Date(),
      personal_info: {},
      company_info: {},
      plan_id: plan.id,
      trial_ends_at: options.trialEndsAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A client signed in as a new user (see createTestUser). */
export async function signedInClient(t: TestApp, options: TestUserOptions & { locale?: string } = {}): Promise<{ client: TestClient; user: Awaited<ReturnType<typeof createTestUser>> }> {
  const user = await createTestUser(t, options);
  const client = t.client();
  if (options.locale) client.locale = options.locale;
  const response = await client.post('/api/test/sign-in', { user_id: user.id });
  if (response.statusCode !== 204) throw new Error(`test sign-in failed: ${response.statusCode} ${response.body}`);
  return { client, user };
}

/** Parses the contract's translate answer (data and dictionary are JSON text). */
export function parseTranslation(body: { data: string; dictionary: string }) {
  return { data: JSON.parse(body.data) as TranslationData, dictionary: JSON.parse(body.dictionary) as DictionaryEntry[] };
}

/**
 * A team (rows written directly; the teams module has its own tests): an owner on
 * `plan`, and signed-in clients for the owner and one member (role 5, no plan of their own).
 */
export async function createTestTeam(t: TestApp, options: { plan?: string; llmEnabled?: boolean; locale?: string } = {}) {
  const db = t.container.database.db;
  const owner = await signedInClient(t, { plan: options.plan ?? 'start-up', roleId: 3, locale: options.locale });
  const member = await signedInClient(t, { plan: options.plan ?? 'start-up', roleId: 5, locale: options.locale });
  await db.updateTable('users').set({ plan_id: null }).where('id', '=', member.user.id).execute();
  const team = await db
    .insertInto('teams')
    .values({ name: `Team ${owner.user.id}`, owner_id: owner.user.id, llm_enabled: options.llmEnabled ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('team_members').values([{ team_id: team.id, user_id: owner.user.id }, { team_id: team.id, user_id: member.user.id }]).execute();
  return { teamId: team.id, owner, member };
}
