import { apiKeyList, createdApiKey } from '../../../../contract/api-keys';
import { statusMessage } from '../../../../contract/common';
import { requireActor } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import type { ApiKeysService } from './keys';
import { apiKeyIdParams, createApiKeySchema } from './schemas';

/** The signed-in user's API keys (account settings, "API keys" tab). */
export function apiKeyRoutes(app: App, deps: { keys: ApiKeysService }) {
  /** The user's keys and, for a team's owner or managers, the team's: never the secret. */
  app.get('/api/user/api-keys', { config: { access: 'verified' }, schema: answers(apiKeyList) }, async (request) => ({ data: await deps.keys.list(requireActor(request).user) }));

  /** A new key: the answer is the only time `key` is shown. */
  app.post('/api/user/api-keys', { config: { access: 'verified' }, schema: answers({ 201: createdApiKey }) }, async (request, reply) => {
    const key = await deps.keys.create(requireActor(request).user, parseInput(createApiKeySchema, request.body));
    return reply.code(201).send({ data: key });
  });

  /** Revokes a key: the next request made with it is refused. */
  app.post('/api/user/api-keys/:id/revoke', { config: { access: 'verified' }, schema: answers(statusMessage) }, async (request) => {
    await deps.keys.revoke(requireActor(request).user, parseInput(apiKeyIdParams, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'api.key_revoked') };
  });
}
