import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * The application key (signs CSRF tokens and links). Generated on first start and kept in
 * the database, so every process shares it and no key has to be configured.
 */
export async function loadAppKey(db: Kysely<DB>): Promise<Buffer> {
  await db
    .insertInto('app_secrets')
    .values({ name: 'app_key', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
