import { preparePostgresTemplate, testDatabaseUrl } from './database';

/**
 * The server tests' global set-up (vitest.config.ts), once per run before the test workers
 * start: on PostgreSQL, the template every test database is copied from, and the tidying of
 * what earlier runs left (server/test/database.ts). PGlite needs nothing here.
 */
export default async function setup() {
  if (testDatabaseUrl) await preparePostgresTemplate({ tidy: true });
}
