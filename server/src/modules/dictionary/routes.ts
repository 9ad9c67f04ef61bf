import { dictionaryLookup } from '../../../../contract/platform';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { dictionarySchema } from './schemas';
import type { DictionaryService } from './service';

export function dictionaryRoutes(app: App, deps: { dictionaryLookup: DictionaryService }) {
  app.post('/api/dictionary', { schema: answers(dictionaryLookup) }, async (request) => {
    const { source_lang, target_lang, entries } = await deps.dictionaryLookup.lookup(parseInput(dictionarySchema, request.body), { ip: request.ip });
    return { status: 200, source_lang, target_lang, data: entries };
  });
}
