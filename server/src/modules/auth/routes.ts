import { authProviders, forgotPasswordRequest, loginRequest, registerRequest, registered, resetPasswordRequest, statusText, verificationSent } from '../../../../contract/auth';
import { changeEmailRequest, userUpdated } from '../../../../contract/users';
import type { UserRow } from '../../db/schema';
import { requireActor, type Actor } from '../../http/access';
import { NotFound } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import { answers, noContent, redirect, type App } from '../../http/responses';
import type { SessionStore } from '../../http/sessions';
import { parseInput } from '../../http/validation';
import { isolate, t } from '../../i18n/messages';
import type { UsersService } from '../users/service';
import { homePathFor, isSocialProvider } from './auth.fns';
import {
  socialStartQuerySchema,
  emailChangeParamsSchema,
  verifyLinkParamsSchema,
  verifyLinkQuerySchema,
} from './schemas';
import type { AuthService } from './service';
import { SocialLoginError, type SocialLoginService } from './social.service';

/** The cookie binding a social sign-in to the browser that started it. */
export const OAUTH_STATE_COOKIE = 'lisan_oauth_state';

/** The web app's page that shows the result of an e-mail verification link. */
export const EMAIL_VERIFY_PAGE = '/email/verify';

export function authRoutes(
  app: App,
  deps: { auth: AuthService; social: SocialLoginService; users: UsersService; sessions: SessionStore; secureCookies: boolean },
) {
  const profileOf = (user: UserRow, actor: Actor) => deps.users.getOwnProfile(user, { startedAt: actor.sessionStartedAt });

  app.post('/mt/register', { schema: answers({ 201: registered }) }, async (request, reply) => {
    const input = parseInput(registerRequest, request.body);
    const user = await deps.auth.register(input, { ip: request.ip, locale: resolveLocale(request) });
    await deps.sessions.start(request, reply, { userId: user.id, emailVerified: user.email_verified_at !== null });
    return reply.code(201).send({ id: user.id, name: user.name, email: user.email, locale: user.locale, email_verified_at: null });
  });

  app.post('/mt/login', { schema: answers({ 204: noContent }) }, async (request, reply) => {
    const input = parseInput(loginRequest, request.body);
    const user = await deps.auth.attemptLogin(input, { ip: request.ip });
    await deps.sessions.start(request, reply, { userId: user.id, remember: input.remember, emailVerified: user.email_verified_at !== null });
    return reply.code(204).send();
  });

  app.post('/mt/logout', { schema: answers({ 204: noContent }) }, async (request, reply) => {
    await deps.sessions.end(request, reply);
    return reply.code(204).send();
  });

  app.post('/mt/forgot-password', { schema: answers(statusText) }, async (request) => {
    const input = parseInput(forgotPasswordRequest, request.body);
    await deps.auth.forgotPassword(input, { ip: request.ip });
    return { status: t(resolveLocale(request), 'auth.reset_link_emailed') };
  });

  app.post('/mt/reset-password', { schema: answers(statusText) }, async (request) => {
    const input = parseInput(resetPasswordRequest, request.body);
    await deps.auth.resetPassword(input, { ip: request.ip });
    return { status: t(resolveLocale(request), 'auth.password_reset') };
  });

  app.post('/email/verification-notification', { config: { access: 'user' }, schema: answers({ 202: verificationSent, 204: noContent }) }, async (request, reply) => {
    const outcome = await deps.auth.resendVerification(requireActor(request).user);
    if (outcome === 'already') return reply.code(204).send();
    return reply.code(202).send({ status: 'verification-link-sent', message: t(resolveLocale(request), 'auth.verification_link_sent') });
  });

  app.get('/email/verify/:id/:hash', { schema: answers({ 302: redirect }) }, async (request, reply) => {
    const params = parseInput(verifyLinkParamsSchema, request.params);
    const query = parseInput(verifyLinkQuerySchema, request.query);
    const outcome = await deps.auth.verifyEmailLink({ ...params, ...query });
    return reply.header('cache-control', 'no-store').redirect(`${EMAIL_VERIFY_PAGE}?status=${outcome}`);
  });

  // Changing the e-mail address: a link to the new address makes the change (docs/decisions.md).
  app.post('/api/user/change-email', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const input = parseInput(changeEmailRequest, request.body);
    await deps.auth.requestEmailChange(actor.user, input);
    return { message: t(resolveLocale(request), 'users.email_change_sent', { email: isolate(input.email) }), user: await profileOf(actor.user, actor) };
  });

  app.post('/api/user/change-email/resend', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const email = await deps.auth.resendEmailChange(actor.user);
    return { message: t(resolveLocale(request), 'users.email_change_sent', { email: isolate(email) }), user: await profileOf(actor.user, actor) };
  });

  app.post('/api/user/change-email/cancel', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    await deps.auth.cancelEmailChange(actor.user);
    return { message: t(resolveLocale(request), 'users.email_change_canceled'), user: await profileOf(actor.user, actor) };
  });

  // The link of the mail to the new address; signed in or not, the token is the proof.
  app.get('/email/change/:token', { schema: answers({ 302: redirect }) }, async (request, reply) => {
    const { token } = parseInput(emailChangeParamsSchema, request.params);
    const outcome = await deps.auth.confirmEmailChange(token, { userId: request.actor?.user.id ?? null, sessionId: request.actor?.sessionId ?? null });
    return reply.header('cache-control', 'no-store').redirect(`${EMAIL_VERIFY_PAGE}?status=${outcome}`);
  });

  app.get('/api/auth/providers', { schema: answers(authProviders) }, async () => ({ data: deps.social.available() }));

  app.get('/mt/login/:type', { schema: answers({ 302: redirect }) }, async (request, reply) => {
    const { type } = request.params as { type: string };
    if (!isSocialProvider(type)) throw new NotFound();
    const { remember } = parseInput(socialStartQuerySchema, request.query);
    try {
      const { url, state } = await deps.social.begin(type, { userId: request.actor?.user.id ?? null, remember });
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        path: `/mt/login/${type}`,
        httpOnly: true,
        sameSite: 'lax', // sent on the provider's top-level redirect back to us
        secure: deps.secureCookies,
        maxAge: 600,
      });
      return reply.redirect(url);
    } catch (error) {
      if (error instanceof SocialLoginError) return reply.redirect(socialErrorPage(error));
      throw error;
    }
  });

  app.get('/mt/login/:type/callback', { schema: answers({ 302: redirect }) }, async (request, reply) => {
    const { type } = request.params as { type: string };
    if (!isSocialProvider(type)) throw new NotFound();
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    reply.clearCookie(OAUTH_STATE_COOKIE, { path: `/mt/login/${type}` });
    try {
      const result = await deps.social.complete(type, { query, cookieState: request.cookies[OAUTH_STATE_COOKIE], locale: resolveLocale(request) });
      if (result.intent === 'connect') return reply.redirect(`/user/auth-settings?connected=${type}`);
      await deps.sessions.start(request, reply, { userId: result.user.id, remember: result.remember, emailVerified: result.user.email_verified_at !== null });
      return reply.redirect(homePathFor(result.user.role_id));
    } catch (error) {
      if (error instanceof SocialLoginError) return reply.redirect(socialErrorPage(error));
      throw error;
    }
  });
}

function socialErrorPage(error: SocialLoginError) {
  return `${error.intent === 'connect' ? '/user/auth-settings' : '/login'}?social_error=${error.code}`;
}
