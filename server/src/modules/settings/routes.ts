import type { FastifyInstance } from 'fastify';
import type { SettingsService } from './service';

export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService }) {
  app.get('/api/site-settings', async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(await deps.settings.publicSettingsJson());
  });
}
