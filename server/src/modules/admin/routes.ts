import { adminSiteSettings, adminUserDetail, adminUserPage, auditPage, paymentsStatus, siteSettingsUpdated, trialDaysAdded, userPlanSet } from '../../../../contract/admin';
import { adminContext } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { addTrialDaysBody, auditQuery, listUsersQuery, setUserPlanBody, siteSettingsBody, userIdParams } from './schemas';
import type { AdminService } from './service';

const context = adminContext;

export function adminRoutes(app: App, deps: { admin: AdminService }) {
  const config = { access: 'admin' as const };

  app.get('/api/admin/users', { config, schema: answers(adminUserPage) }, async (request) => {
    const query = parseInput(listUsersQuery, request.query);
    return deps.admin.listUsers({ q: query.q, planId: query.plan_id, roleId: query.role_id, page: query.page, perPage: query.per_page });
  });

  app.get('/api/admin/users/:id', { config, schema: answers(adminUserDetail) }, async (request) => ({ data: await deps.admin.getUser(parseInput(userIdParams, request.params).id) }));

  app.post('/api/admin/user-plan', { config, schema: answers(userPlanSet) }, async (request) => {
    const body = parseInput(setUserPlanBody, request.body);
    const result = await deps.admin.setUserPlan(context(request), { userId: body.user_id, planId: body.plan_id, seats: body.seats });
    return { status: 200, message: t(resolveLocale(request), 'admin.updated'), data: result };
  });

  app.post('/api/admin/user/add-trial-days', { config, schema: answers(trialDaysAdded) }, async (request) => {
    const body = parseInput(addTrialDaysBody, request.body);
    const result = await deps.admin.addTrialDays(context(request), { userId: body.user_id, days: body.days });
    return { status: 200, message: t(resolveLocale(request), 'admin.updated'), data: result };
  });

  app.get('/api/admin/site-settings', { config, schema: answers(adminSiteSettings) }, async () => deps.admin.getSiteSettings());
  app.get('/api/admin/payments', { config, schema: answers(paymentsStatus) }, async () => ({ data: await deps.admin.payments() }));

  app.post('/api/admin/update-site-settings', { config, schema: answers(siteSettingsUpdated) }, async (request) => {
    const body = parseInput(siteSettingsBody, request.body);
    const result = await deps.admin.updateSiteSettings(context(request), body);
    return { status: 200, message: t(resolveLocale(request), 'admin.updated'), data: result };
  });

  app.get('/api/admin/audit-log', { config, schema: answers(auditPage) }, async (request) => {
    const query = parseInput(auditQuery, request.query);
    return deps.admin.listAudit({ page: query.page, perPage: query.per_page, action: query.action, targetType: query.target_type, targetId: query.target_id });
  });
}
