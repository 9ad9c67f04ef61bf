import { authProviders, emailChangeLink, emailLinkConfirmed, emailVerifyLink, forgotPasswordRequest, passwordResetLink, loginRequest, registerRequest, registered, resetPasswordRequest, statusText, verificationSent } from '../../../../contract/auth';
import { changeEmailRequest, userUpdated } from '../../../../contract/users';
import type { UserRow } from '../../db/schema';
import { requireActor, type Actor } from '../../http/access';
import { NotFound } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import { answers, noContent, redirect, type App } from '../../http/responses';
import type { SessionStore } from '../../http/sessions';
import { parseInput } from '../../http/validation';
import { isolate, t, valueDirection } from '../../i18n/messages';
import type { UsersService } from '../users/service';
import { emailLinkPage, homePathFor, isSocialProvider } from './auth.fns';
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

  // The reset page's look: the address its token resets (the link names none), without using the token up.
  app.get('/api/password-reset/:token', { schema: answers(passwordResetLink) }, async (request, reply) => {
    const { token } = parseInput(emailChangeParamsSchema, request.params);
    const state = await deps.auth.inspectPasswordReset(token);
    return reply.header('cache-control', 'no-store').send({ status: state.status, email: state.status === 'live' ? state.email : null });
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

  // E-mailed links: the GET only looks (mail scanners open links too) and leads to the web app's page, whose button
  // POSTs to the same path to act (docs/decisions.md). The page's URL carries the link's parts, never the address.
  app.get('/email/verify/:id/:hash', { schema: answers({ 302: redirect }) }, async (request, reply) => {
    const link = { ...parseInput(verifyLinkParamsSchema, request.params), ...parseInput(verifyLinkQuerySchema, request.query) };
    const state = await deps.auth.inspectVerificationLink(link);
    return reply.header('cache-control', 'no-store').redirect(emailLinkPage(state.status, state.status === 'confirm' ? link : {}));
  });

  // The page's look: the address the link verifies, asked with the link's parts (the page's URL names no address).
  app.get('/api/email-verify/:id/:hash', { schema: answers(emailVerifyLink) }, async (request, reply) => {
    const link = { ...parseInput(verifyLinkParamsSchema, request.params), ...parseInput(verifyLinkQuerySchema, request.query) };
    const state = await deps.auth.inspectVerificationLink(link);
    return reply.header('cache-control', 'no-store').send({ status: state.status, email: state.status === 'confirm' ? state.email : null });
  });

  app.post('/email/verify/:id/:hash', { schema: answers(emailLinkConfirmed) }, async (request) => {
    const link = { ...parseInput(verifyLinkParamsSchema, request.params), ...parseInput(verifyLinkQuerySchema, request.query) };
    const { status, user } = await deps.auth.verifyEmailLink(link);
    // The signed-in hint cookie follows the session's user when the answer leaves: that may be the user just verified.
    if (request.actor?.user.id === user.id) request.actor = { ...request.actor, user };
    return { status, message: t(resolveLocale(request), status === 'verified' ? 'auth.email_verified' : 'auth.email_already_verified') };
  });

  // Changing the e-mail address: a link to the new address makes the change (docs/decisions.md).
  app.post('/api/user/change-email', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const input = parseInput(changeEmailRequest, request.body);
    await deps.auth.requestEmailChange(actor.user, input);
    return { message: t(resolveLocale(request), 'users.email_change_sent', { email: isolate(input.email, valueDirection('email', resolveLocale(request))) }), user: await profileOf(actor.user, actor) };
  });

  app.post('/api/user/change-email/resend', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    const email = await deps.auth.resendEmailChange(actor.user);
    return { message: t(resolveLocale(request), 'users.email_change_sent', { email: isolate(email, valueDirection('email', resolveLocale(request))) }), user: await profileOf(actor.user, actor) };
  });

  app.post('/api/user/change-email/cancel', { config: { access: 'verified' }, schema: answers(userUpdated) }, async (request) => {
    const actor = requireActor(request);
    await deps.auth.cancelEmailChange(actor.user);
    return { message: t(resolveLocale(request), 'users.email_change_canceled'), user: await profileOf(actor.user, actor) };
  });

  // The link of the mail to the new address; signed in or not, the token is the proof. The GET only looks, as above.
  // Only the token goes on to the page: the new address is never in a URL (browser history, proxies, logs); the page
  // asks for it with the token (docs/decisions.md).
  app.get('/email/change/:token', { schema: answers({ 302: redirect }) }, async (request, reply) => {
    const { token } = parseInput(emailChangeParamsSchema, request.params);
    const state = await deps.auth.inspectEmailChange(token);
    return reply.header('cache-control', 'no-store').redirect(emailLinkPage(state.status, state.status === 'change_confirm' ? { token } : {}));
  });

  app.get('/api/email-change/:token', { schema: answers(emailChangeLink) }, async (request, reply) => {
    const { token } = parseInput(emailChangeParamsSchema, request.params);
    const state = await deps.auth.inspectEmailChange(token);
    return reply.header('cache-control', 'no-store').send({ status: state.status, email: state.status === 'change_confirm' ? state.email : null });
  });

  app.post('/email/change/:token', { schema: answers(emailLinkConfirmed) }, async (request) => {
    const { token } = parseInput(emailChangeParamsSchema, request.params);
    const email = await deps.auth.confirmEmailChange(token, { userId: request.actor?.user.id ?? null, sessionId: request.actor?.sessionId ?? null });
    return { status: 'email_changed' as const, message: t(resolveLocale(request), 'auth.email_changed', { email: isolate(email, valueDirection('email', resolveLocale(request))) }) };
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
