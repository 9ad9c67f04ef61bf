import { messageOnly } from '../../../../contract/common';
import { deleteAccountRequest, disconnectRequest, passwordChangeRequest, passwordSetRequest, settingsRequest, userProfile, userUpdated } from '../../../../contract/users';
import type { UserRow } from '../../db/schema';
import { requireActor, type Actor } from '../../http/access';
import { NotFound } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import { readForm } from '../../http/multipart';
import { answers, file, type App } from '../../http/responses';
import type { SessionStore } from '../../http/sessions';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import type { FileStorage } from '../../storage/local';
import { updateProfileSchema } from './schemas';
import type { UsersService } from './service';
import { IMAGE_CONTENT_TYPES, LOGO_FILE_NAME, logoStorageKey, MAX_LOGO_BYTES, type ImageType } from './users.fns';

export function usersRoutes(app: App, deps: { users: UsersService; sessions: SessionStore; storage: FileStorage }) {
  const message = (request: Parameters<typeof resolveLocale>[0], key: string) => t(resolveLocale(request), key);

  /** The profile, for the session that asks (its start tells a first visit from a return). */
  const profileOf = (user: UserRow, actor: Actor) => deps.users.getOwnProfile(user, { startedAt: actor.sessionStartedAt });

  app.get('/api/user', { config: { access: 'verified' }, schema: answers(userProfile) }, async (request) => {
    const actor = requireActor(request);
    return profileOf(actor.user, actor);
  });

  app.post('/api/user/update', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const form = await readForm(request, { files: { logo: { maxBytes: MAX_LOGO_BYTES, tooLargeMessage: 'users.logo_too_large' } } });
    const input = parseInput(updateProfileSchema, form.fields);
    const updated = await deps.users.updateProfile(actor.user, input, form.files.logo?.content);
    return { message: message(request, 'users.profile_updated'), user: await profileOf(updated, actor) };
  });

  app.post('/api/user/settings', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const updated = await deps.users.updateSettings(actor.user, parseInput(settingsRequest, request.body));
    return { message: message(request, 'users.updated'), user: await profileOf(updated, actor) };
  });

  app.post('/api/user/password-update', { config: { access: 'verified' }, schema: answers(messageOnly) }, async (request) => {
    const { user, sessionId } = requireActor(request);
    const input = parseInput(user.password_hash ? passwordChangeRequest : passwordSetRequest, request.body);
    await deps.users.updatePassword(user, input, sessionId);
    return { message: message(request, 'users.password_updated') };
  });

  app.post('/api/user/disconnect', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const { provider } = parseInput(disconnectRequest, request.body);
    await deps.users.disconnect(actor.user, provider);
    return { message: message(request, 'users.updated'), user: await profileOf(actor.user, actor) };
  });

  app.post('/api/user/delete-account', { config: { access: 'user' }, schema: answers(messageOnly) }, async (request, reply) => {
    const { user } = requireActor(request);
    await deps.users.deleteAccount(user, parseInput(deleteAccountRequest, request.body));
    await deps.sessions.end(request, reply);
    return { message: message(request, 'users.account_deleted') };
  });

  /**
   * Company logos, public by their unguessable name (128 random bits), served with the type
   * found in their first bytes at upload, never sniffed, and unable to run as a document.
   */
  app.get('/api/files/logos/:name', { schema: answers(file('image/*', 'The logo: PNG, JPEG or WebP.')) }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!LOGO_FILE_NAME.test(name)) throw new NotFound();
    const content = await deps.storage.get(logoStorageKey(name));
    if (!content) throw new NotFound();
    const type = name.slice(name.lastIndexOf('.') + 1) as ImageType;
    return reply
      .type(IMAGE_CONTENT_TYPES[type])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `inline; filename="logo.${type}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(content);
  });
}
