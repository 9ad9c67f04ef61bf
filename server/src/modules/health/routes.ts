import { health } from '../../../../contract/platform';
import type { Database } from '../../db/client';
import { answers, type App } from '../../http/responses';
import type { EnginesService } from '../engines/service';

/**
 * Liveness and readiness for load balancers: the database answers a trivial query. Also says
 * which engine answers each direction now and the state of its model (provisioning).
 */
export function healthRoutes(app: App, deps: { database: Database; enginesAdmin: Pick<EnginesService, 'health'> }) {
  app.get('/api/health', { schema: answers(health) }, async () => {
    await deps.database.executeSql('select 1');
    return { status: 'ok' as const, database: deps.database.kind, engines: await deps.enginesAdmin.health() };
  });
}
