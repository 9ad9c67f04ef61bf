import type { Container } from '../src/container';
import type { NewUser } from '../src/db/schema';
import { hashPassword } from '../src/modules/users/passwords';

let sequence = 0;

/** A user row with sensible defaults: verified, on the free trial, password "password123". */
export async function createUser(container: Container, attributes: Partial<NewUser> & { password?: string } = {}) {
  // Taken before the first await, so users made in parallel get different names and addresses.
  const n = ++sequence;
  const { password, ...rest } = attributes;
  const trial = await container.plans.getBySlug('free-trial');
  return container.database.db
    .insertInto('users')
    .values({
      name: `User ${n}`,
      email: `user${n}-${Date.now()}@example.com`,
      password_hash: await hashPassword(password ?? 'password123'),
      email_verified_at: container.now(),
      plan_id: trial.id,
      trial_ends_at: new Date(container.now().getTime() + 7 * 86_400_000),
      personal_info: {},
      company_info: {},
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
