/**
 * Test helpers of the developer API: a user with a key made through the real route.
 * Only test files import this.
 */
import type { CreatedApiKey } from '../../../../contract/api-keys';
import type { TestApp, TestClient } from '../../../test/harness';
import { createPlan, createUser, signedIn } from '../../../test/documents-helpers';
import type { NewPlan, UserRow } from '../../db/schema';
import { apiKeySubject } from '../entitlements/ledger';

/** Creates a key through POST /api/user/api-keys as the signed-in client. */
export async function createKey(client: TestClient, name = 'Test key', team = false) {
  const response = await client.post('/api/user/api-keys', { name, ...(team ? { team } : {}) });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  return (response.json() as CreatedApiKey).data;
}

/** A verified user on a plan with the API (limits may be chosen), signed in, with one key. */
export async function userWithKey(t: TestApp, limits: Partial<NewPlan> = {}, options: { locale?: 'en' | 'ar' } = {}): Promise<{ user: UserRow; client: TestClient; key: string; id: number }> {
  const plan = await createPlan(t, { api_enabled: true, ...limits });
  const user = await createUser(t, { planId: plan.id, locale: options.locale });
  const client = await signedIn(t, user, options.locale);
  const created = await createKey(client);
  return { user, client, key: created.key, id: created.id };
}

/** A key's figures of this month in the usage ledger (subject `api-key:<id>`). */
export async function keyUsage(t: TestApp, id: number) {
  const subject = apiKeySubject(id);
  const [requests, characters, documents] = await Promise.all((['api_requests', 'api_characters', 'documents'] as const).map((metric) => t.container.ledger.count(subject, metric)));
  return { requests: requests!, characters: characters!, documents: documents! };
}

/**
 * deepl-node's options for a Lisan listening at `serverUrl`: no retries, and time enough for a loaded
 * 2-core machine (deepl-node gives up after 5 s by default; the tests are of the answers, not the machine's speed).
 */
export const deeplOptions = (serverUrl: string) => ({ serverUrl, maxRetries: 0, minTimeout: 30_000 });
