import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../../http/access';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { resolveLocale } from '../../http/locale';
import { addTrialDaysBody, auditQuery, listUsersQuery, setUserPlanBody, siteSettingsBody, userIdParams } from './schemas';
import type { AdminService } from './service';

const admin = { config: { access: 'admin' as const } };
const context = (request: FastifyRequest) => ({ actor: requireActor(request), ip: request.ip ?? null });

export function adminRoutes(app: FastifyInstance, deps: { admin: AdminService }) {
  app.get('/api/admin/users', admin, async (request) => {
    const query = parseInput(listUsersQuery, request.query);
    return deps.admin.listUsers({ q: query.q, planId: query.plan_id, roleId: query.role_id, page: query.page, perPage: query.per_page });
  });

  app.get('/api/admin/users/:id', admin, async (request) => deps.admin.getUser(parseInput(userIdParams, request.params).id));

  app.post('/api/admin/user-plan', admin, async (request) => {
    const body = parseInput(setUserPlanBody, request.body);
    const result = await deps.admin.setUserPlan(context(request), { userId: body.user_id, planId: body.plan_id, seats: body.seats });
    return { status: 200, message: t(resolveLocale(request), 'admin.updated'), data: result };
  });

  app.post('/api/admin/user/add-trial-days', admin, async (request) => {
    const body = parseInput(addTrialDaysBody, request.body);
    const result = await deps.admin.addTrialDays(context(request), { userId: body.user_id, days: body.days });
    return { status: 200, message: t(resolveLocale(request), 'admin.updated'), data: result };
  });

  app.get('/api/admin/site-settings', admin, async () => deps.admin.getSiteSettings());
  app.get('/api/admin/payments', admin, async () => deps.admin.payments());

  app.post('/api/admin/update-site-settings', admin, async (request) => {
    const body = parseInput(siteSettingsBody, request.body);
    const result = await deps.admin.updateSiteSettings(context(request), body);
    return { status: 200, message: t(resolveLocale(request), 'admin.updated'), data: result };
  });

  app.get('/api/admin/audit-log', admin, async (request) => {
    const query = parseInput(auditQuery, request.query);
    return deps.admin.listAudit({ page: query.page, perPage: query.per_page, action: query.action, targetType: query.target_type, targetId: query.target_id });
  });
}
