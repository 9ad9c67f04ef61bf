// Helpers for the documents API tests: plans with chosen limits, users on them, uploads.
import type { NewPlan, UserRow } from '../src/db/schema';
import { createUser as createFactoryUser } from './factories';
import type { TestApp, TestClient } from './harness';
import { multipart } from './multipart';

let planCounter = 0;

export async function createPlan(t: TestApp, limits: Partial<NewPlan> = {}) {
  planCounter++;
  return t.container.database.db
    .insertInto('plans')
    .values({
      slug: `test-plan-${planCounter}-${Date.now()}`,
      name_en: 'Test plan',
      name_ar: 'باقة اختبار',
      price: 10,
      price_yearly: 100,
      features_en: JSON.stringify([]),
      features_ar: JSON.stringify([]),
      daily_text_requests: 100,
      monthly_doc_requests: 10,
      char_limit: 5000,
      text_words: 1000,
      doc_words: 10_000,
      doc_chars: 100_000,
      monthly_files: 10,
      web_pages: 10,
      max_file_size_mb: 10,
      file_formats: ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'],
      llm_enabled: false,
      ...limits,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user (the shared factory's defaults) on the given plan, verified unless told otherwise. */
export async function createUser(t: TestApp, options: { planId?: number; verified?: boolean; locale?: 'en' | 'ar'; trialEndsAt?: Date | null; name?: string } = {}): Promise<UserRow> {
  return createFactoryUser(t.container, {
    ...(options.planId !== undefined ? { plan_id: options.planId, trial_ends_at: null } : {}),
    ...(options.trialEndsAt !== undefined ? { trial_ends_at: options.trialEndsAt } : {}),
    ...(options.verified === false ? { email_verified_at: null } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
}

/** A team owned by `owner` with the given members (user id -> role 3 owner, 4 manager, 5 member). */
export async function createTeam(t: TestApp, owner: UserRow, members: Array<{ user: UserRow; role: 4 | 5 }>, options: { llmEnabled?: boolean } = {}) {
  const db = t.container.database.db;
  const team = await db.insertInto('teams').values({ name: 'Test team', owner_id: owner.id, seats: 10, llm_enabled: options.llmEnabled ?? true }).returningAll().executeTakeFirstOrThrow();
  await db.updateTable('users').set({ role_id: 3 }).where('id', '=', owner.id).execute();
  await db.insertInto('team_members').values({ team_id: team.id, user_id: owner.id }).execute();
  for (const member of members) {
    await db.updateTable('users').set({ role_id: member.role, plan_id: null }).where('id', '=', member.user.id).execute();
    await db.insertInto('team_members').values({ team_id: team.id, user_id: member.user.id }).execute();
  }
  return team;
}

export async function signedIn(t: TestApp, user: UserRow, locale?: 'en' | 'ar'): Promise<TestClient> {
  const client = t.client();
  if (locale) client.locale = locale;
  await client.signInAs(user.id);
  return client;
}

export function upload(client: TestClient, url: string, file: { name: string; content: Buffer } | null, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const body = multipart(fields, file ?? undefined);
  return client.request({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
}
