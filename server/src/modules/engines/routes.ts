import { z } from 'zod';
import { enginesStatus, modelsCheckStarted } from '../../../../contract/platform';
import { adminContext } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import type { EnginesService } from './service';

const config = { access: 'admin' as const };
const context = adminContext;

export const checkModelsBody = z.object({ force: z.boolean().default(false) }).strict();

export function enginesRoutes(app: App, deps: { engines: EnginesService }) {
  app.get('/api/admin/engines', { config, schema: answers(enginesStatus) }, async () => ({ data: await deps.engines.status() }));

  app.post('/api/admin/engines/check', { config, schema: answers(modelsCheckStarted) }, async (request) => {
    const body = parseInput(checkModelsBody, request.body ?? {});
    const data = await deps.engines.check(context(request), body);
    return { status: 200, message: t(resolveLocale(request), 'admin.models_check_started'), data };
  });
}
