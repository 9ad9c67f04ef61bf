import { dictionaryLookup } from '../../../../contract/platform';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { dictionarySchema } from './schemas';
import type { DictionaryService } from './service';

export function dictionaryRoutes(app: App, deps: { dictionaryLookup: DictionaryService }) {
  app.post('/api/dictionary', { schema: answers(dictionaryLookup) }, async (request) =>
    deps.dictionaryLookup.lookup(parseInput(dictionarySchema, request.body), { ip: request.ip }),
  );
}
