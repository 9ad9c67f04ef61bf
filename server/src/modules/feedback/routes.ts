import { statusMessage } from '../../../../contract/common';
import { reactionSaved, suggestionSaved } from '../../../../contract/platform';
import { requireActor } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { readForm } from '../../http/multipart';
import { answers, type App } from '../../http/responses';
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

  // Multipart form fields (the contract), JSON accepted too; files are drained and dropped.
  app.post('/api/user/suggested-translation', { config: { access: 'verified' }, schema: answers(suggestionSaved) }, async (request) => {
    const { fields } = await readForm(request, { files: {} });
    const data = await deps.feedback.suggest(requireActor(request).user, parseInput(suggestionSchema, fields));
    return { status: 200, message: t(resolveLocale(request), 'feedback.suggestion_saved'), data };
  });
}
