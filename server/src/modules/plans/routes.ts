import { adminPlanList, adminPlanOne, adminPlanRemoved, adminPlanSaved, planList } from '../../../../contract/plans';
import { adminContext } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import type { AdminPlansService } from './admin-service';
import { createPlanSchema, planIdAltParams, planIdParams, updatePlanSchema } from './schemas';
import type { PlansService } from './service';

export function plansRoutes(app: App, deps: { plans: PlansService; adminPlans: AdminPlansService }) {
  // The fast path (bench target 3000 req/s): the plans service keeps the answer serialized with
  // this same schema (serialize(planList, ...)), and a string with a JSON content type is sent
  // as it is, so the route's `Reply` is that text.
  app.get<{ Reply: string }>('/api/plans', { schema: answers(planList) }, async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(await deps.plans.publicPlansJson());
  });

  const config = { access: 'admin' as const };

  app.get('/api/admin/plans', { config, schema: answers(adminPlanList) }, async () => ({ data: await deps.adminPlans.list() }));

  app.get('/api/admin/plans/:id', { config, schema: answers(adminPlanOne) }, async (request) => ({
    data: await deps.adminPlans.get(parseInput(planIdParams, request.params).id),
  }));

  app.post('/api/admin/plans', { config, schema: answers({ 201: adminPlanSaved }) }, async (request, reply) => {
    const plan = await deps.adminPlans.create(adminContext(request), parseInput(createPlanSchema, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'plans.created'), data: plan });
  });

  app.post('/api/admin/plans/update/:planid', { config, schema: answers(adminPlanSaved) }, async (request) => {
    const { planid } = parseInput(planIdAltParams, request.params);
    const plan = await deps.adminPlans.update(adminContext(request), planid, parseInput(updatePlanSchema, request.body));
    return { status: 200, message: t(resolveLocale(request), 'plans.updated'), data: plan };
  });

  app.post('/api/admin/plans/delete/:id', { config, schema: answers(adminPlanRemoved) }, async (request) => {
    const { outcome } = await deps.adminPlans.remove(adminContext(request), parseInput(planIdParams, request.params).id);
    return { status: 200, outcome, message: t(resolveLocale(request), outcome === 'archived' ? 'plans.archived' : 'plans.deleted') };
  });
}
