import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../src/db/schema';

/**
 * Records the SQL of every statement `db` sends (outside transactions, which run on an
 * executor of their own) until `stop()`: for tests that count what a request costs.
 */
export function watchStatements(db: Kysely<DB>) {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const seen: string[] = [];
  executor.executeQuery = <R>(query: CompiledQuery<R>) => {
    seen.push(query.sql);
    return original(query);
  };
  return {
    seen,
    stop() {
      executor.executeQuery = original;
    },
  };
}
