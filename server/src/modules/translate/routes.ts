import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation';
import { translateSchema } from './schemas';
import type { TranslateService } from './service';

export function translateRoutes(app: FastifyInstance, deps: { translate: TranslateService }) {
  // Public: guests translate too; request.actor is set when a session exists.
  app.post('/api/translate', async (request) =>
    deps.translate.translate(parseInput(translateSchema, request.body), { user: request.actor?.user ?? null, ip: request.ip }),
  );
}
