import { statusOnly } from '../../../../contract/common';
import { engineStatusAnswer, translateAnswer, translateRequest, translationEngines } from '../../../../contract/translate';
import { directionStatus } from '../../engines/registry';
import type { EngineRouter } from '../../engines/router';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import type { TranslateService } from './service';

export function translateRoutes(app: App, deps: { translate: TranslateService; engines: { router: EngineRouter } }) {
  // Public: guests translate too; request.actor is set when a session exists.
  app.post(
    '/api/translate',
    {
      // Server-side time of each answer, for operators and the benchmark (engine time is apart).
      onResponse: async (_request, reply) => deps.translate.recordServiceTime(reply.elapsedTime),
      // `data` and `dictionary` go out as JSON text: the schema writes them (jsonText).
      schema: answers(translateAnswer),
    },
    async (request) => {
      const { data, dictionary } = await deps.translate.translate(parseInput(translateRequest, request.body), { user: request.actor?.user ?? null, ip: request.ip });
      return { status: 200, data, dictionary, type: null, message: null };
    },
  );

  // Public: which engine answers each direction now; the screens say "dictionary gloss"
  // while only the dictionary does (no cache: a model installed meanwhile counts at once).
  app.get('/api/engines', { schema: answers(engineStatusAnswer) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const directions = directionStatus(deps.engines);
    return { data: { directions, gloss: directions.some((direction) => direction.gloss) } };
  });

  // Operators: which engines run, in what order, and how fast they and the route answer.
  app.get('/api/admin/translation-engines', { config: { access: 'admin' }, schema: answers(translationEngines) }, async () => ({
    data: {
      engines: deps.engines.router.engineIds.map((id) => ({
        id,
        pairs: (['en-ar', 'ar-en'] as const).filter((pair) => deps.engines.router.has(id, pair.slice(0, 2) as 'en', pair.slice(3) as 'ar')),
      })),
      chains: { general: deps.engines.router.chainFor({ source: 'en', target: 'ar', domain: 'general' }) },
      engine_stats: deps.engines.router.stats(),
      service_stats: deps.translate.serviceStats(),
    },
  }));

  app.post('/api/admin/translation-engines/reset-stats', { config: { access: 'admin' }, schema: answers(statusOnly) }, async () => {
    deps.engines.router.resetStats();
    deps.translate.resetServiceStats();
    return { status: 200 };
  });
}
