import type { FastifyInstance } from 'fastify';
import type { Container } from '../src/container';
import type { TestApp, TestClient } from './harness';

/**
 * Test-only sign-in for API tests that need an admin or a user before the accounts module's
 * login exists in this branch: registered through createTestApp's `extend`, never in src/.
 */
export function addTestSignIn(app: FastifyInstance, container: Container) {
  app.post('/api/test/sign-in', async (request, reply) => {
    const { email } = request.body as { email: string };
    const user = await container.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    await container.sessions.start(request, reply, { userId: user.id });
    return reply.code(204).send();
  });
}

/** Creates a verified user (role 2 by default) and returns its id. */
export async function createTestUser(t: TestApp, input: { email: string; role?: number; name?: string }) {
  const row = await t.container.database.db
    .insertInto('users')
    .values({ name: input.name ?? 'Test user', email: input.email, role_id: input.role ?? 2, password_hash: null, email_verified_at: new Date(), personal_info: {}, company_info: {} })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A client signed in as the given (existing) user. */
export async function signedInClient(t: TestApp, email: string): Promise<TestClient> {
  const client = t.client();
  const response = await client.post('/api/test/sign-in', { email });
  if (response.statusCode !== 204) throw new Error(`test sign-in failed: ${response.statusCode} ${response.body}`);
  return client;
}
