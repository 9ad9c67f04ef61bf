import type { FastifyInstance } from 'fastify';
import { resolveLocale } from '../../http/locale';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import type { AdminPlansService } from './admin-service';
import { createPlanSchema, planIdAltParams, planIdParams, updatePlanSchema } from './schemas';
import type { PlansService } from './service';

export function plansRoutes(app: FastifyInstance, deps: { plans: PlansService; adminPlans: AdminPlansService }) {
  app.get('/api/plans', async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(await deps.plans.publicPlansJson());
  });

  const admin = { config: { access: 'admin' as const } };

  app.get('/api/admin/plans', admin, async () => ({ data: await deps.adminPlans.list() }));

  app.get('/api/admin/plans/:id', admin, async (request) => ({ data: await deps.adminPlans.get(parseInput(planIdParams, request.params).id) }));

  app.post('/api/admin/plans', admin, async (request, reply) => {
    const plan = await deps.adminPlans.create(parseInput(createPlanSchema, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'plans.created'), data: plan });
  });

  app.post('/api/admin/plans/update/:planid', admin, async (request) => {
    const { planid } = parseInput(planIdAltParams, request.params);
    const plan = await deps.adminPlans.update(planid, parseInput(updatePlanSchema, request.body));
    return { status: 200, message: t(resolveLocale(request), 'plans.updated'), data: plan };
  });

  app.post('/api/admin/plans/delete/:id', admin, async (request) => {
    const { outcome } = await deps.adminPlans.remove(parseInput(planIdParams, request.params).id);
    return { status: 200, outcome, message: t(resolveLocale(request), outcome === 'archived' ? 'plans.archived' : 'plans.deleted') };
  });
}
