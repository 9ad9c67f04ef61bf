import { siteSettings } from '../../../../contract/settings';
import { answers, type App } from '../../http/responses';
import type { SettingsService } from './service';

export function settingsRoutes(app: App, deps: { settings: SettingsService }) {
  // The body is serialized with the same schema once per change (settings service), and sent
  // as that text: a string with a JSON content type is not serialized again.
  app.get<{ Reply: string }>('/api/site-settings', { schema: answers(siteSettings) }, async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(await deps.settings.publicSettingsJson());
  });
}
