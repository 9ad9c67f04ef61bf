import { preparePgliteTemplate, preparePostgresTemplate, testDatabaseUrl } from './database';

/**
 * The server tests' global set-up (vitest.config.ts), once per run before the test workers
 * start: the template every test database is copied from (PostgreSQL) or loaded from (PGlite),
 * and the tidying of what earlier runs left (server/test/database.ts).
 */
export default async function setup() {
  if (testDatabaseUrl) await preparePostgresTemplate({ tidy: true });
  else await preparePgliteTemplate({ tidy: true });
}
