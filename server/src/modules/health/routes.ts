import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** Liveness and readiness for load balancers: the database answers a trivial query. */
export function healthRoutes(app: FastifyInstance, deps: { database: Database }) {
  app.get('/api/health', async () => {
    await deps.database.executeSql('select 1');
    return { status: 'ok', database: deps.database.kind };
  });
}
