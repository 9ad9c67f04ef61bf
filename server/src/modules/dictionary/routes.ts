import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation';
import { dictionarySchema } from './schemas';
import type { DictionaryService } from './service';

export function dictionaryRoutes(app: FastifyInstance, deps: { dictionaryLookup: DictionaryService }) {
  app.post('/api/dictionary', async (request) => deps.dictionaryLookup.lookup(parseInput(dictionarySchema, request.body), { ip: request.ip }));
}
