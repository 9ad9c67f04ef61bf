import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireActor } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import type { EnginesService } from './service';

const admin = { config: { access: 'admin' as const } };
const context = (request: FastifyRequest) => ({ actor: requireActor(request), ip: request.ip ?? null });

export const checkModelsBody = z.object({ force: z.boolean().default(false) }).strict();

export function enginesRoutes(app: FastifyInstance, deps: { engines: EnginesService }) {
  app.get('/api/admin/engines', admin, async () => deps.engines.status());

  app.post('/api/admin/engines/check', admin, async (request) => {
    const body = parseInput(checkModelsBody, request.body ?? {});
    const data = await deps.engines.check(context(request), body);
    return { status: 200, message: t(resolveLocale(request), 'admin.models_check_started'), data };
  });
}
