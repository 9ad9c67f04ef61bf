import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { statusMessage } from '../../../../contract/common';
import { reactionSaved, suggestionSaved } from '../../../../contract/platform';
import { requireActor } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type ZodResponses, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { feedbackSchema, reactionParamsSchema, suggestionSchema } from './schemas';
import type { FeedbackService } from './service';

export function feedbackRoutes(app: App, deps: { feedback: FeedbackService }) {
  app.get('/api/reaction/:translationId/:reaction', { schema: answers(reactionSaved) }, async (request) => {
    const { translationId, reaction } = parseInput(reactionParamsSchema, request.params);
    return { status: 200, data: await deps.feedback.react(request.actor?.user ?? null, translationId, reaction) };
  });

  app.post('/api/feedback', { schema: answers(statusMessage) }, async (request) => {
    const locale = resolveLocale(request);
    await deps.feedback.submitFeedback(request.actor?.user ?? null, parseInput(feedbackSchema, request.body), { ip: request.ip, locale });
    return { status: 200, message: t(locale, 'feedback.thanks') };
  });

  // Multipart form fields (the contract), JSON accepted too; no files.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodResponses>();
    // The app may parse multipart for every route already (uploads); if not, this route does.
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits: { files: 0, fields: 10, fieldSize: 20_000 } });
    scope.post('/api/user/suggested-translation', { config: { access: 'verified' }, schema: answers(suggestionSaved) }, async (request) => {
      const data = await deps.feedback.suggest(requireActor(request).user, parseInput(suggestionSchema, await formFields(request)));
      return { status: 200, message: t(resolveLocale(request), 'feedback.suggestion_saved'), data };
    });
  });
}

/** The text fields of a multipart form, or the JSON body; files are read to the end and dropped. */
async function formFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    } else {
      part.file.resume();
    }
  }
  return fields;
}
