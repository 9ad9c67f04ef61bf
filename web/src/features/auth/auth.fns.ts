import type { SocialProvider } from '../../api/types';
import type { PageKey } from '../../components/page-key';

/** Query keys of the sign-in options (public: kept when a user signs out). */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  /**
   * An e-mailed link's state, asked by its page with the parts its URL carries (the look's path: GET
   * /api/email-verify/{id}/{hash}?…, /api/email-change/{token}, /api/password-reset/{token}).
   */
  link: (look: string) => [...authKeys.all, 'link', look] as const,
};

/**
 * The states of the page an e-mailed link leads to (/email/verify?status=): the GET of the verification link
 * (GET /email/verify/{id}/{hash}) and of the link that confirms a change of address (GET /email/change/{token}) only
 * look, and redirect here; `confirm` and `change_confirm` then offer the button whose POST to the link's path acts,
 * and its answer names the result (verified, already, email_changed). The rest say why a link is dead.
 */
export const VERIFY_STATUSES = ['confirm', 'verified', 'already', 'invalid', 'change_confirm', 'email_changed', 'change_expired', 'change_invalid', 'change_taken'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number] | 'unknown';

export function verifyStatusFrom(params: URLSearchParams): VerifyStatus {
  const status = params.get('status');
  return (VERIFY_STATUSES as readonly string[]).includes(status ?? '') ? (status as VerifyStatus) : 'unknown';
}

/** The statuses of an e-mail change link: the page then speaks of the change, not of verification. */
export const isEmailChangeStatus = (status: VerifyStatus) => status === 'email_changed' || status.startsWith('change_');

/** The page (its heading and the browser tab's title) the e-mailed link's page is: one per flow. */
export const emailLinkPageFrom = (params: URLSearchParams) => (isEmailChangeStatus(verifyStatusFrom(params)) ? 'emailChange' : 'emailVerify') satisfies PageKey;

/**
 * A live link's page: the POST its button makes to the link's own path, and the look (GET) it asks the address with,
 * from the same parts. No address is in the page's URL (browser history, proxies, analytics and logs keep URLs).
 */
export interface EmailLinkAction {
  path: string;
  look: string;
}

/**
 * The POST and the look of a live link's page, rebuilt from the parts the server's redirect put in the query, each
 * checked to be of its kind (a crafted page address must not make the button post anywhere else); null when a part is
 * missing or odd. An `email` in the query (the earlier redirects put the address there) is not read: the server's
 * answer names the address.
 */
export function emailLinkActionFrom(params: URLSearchParams): EmailLinkAction | null {
  const part = (name: string, pattern: RegExp) => {
    const value = params.get(name) ?? '';
    return pattern.test(value) ? value : null;
  };
  const status = verifyStatusFrom(params);
  if (status === 'change_confirm') {
    const token = part('token', /^[A-Za-z0-9_-]+$/);
    return token ? { path: `/email/change/${token}`, look: `/api/email-change/${token}` } : null;
  }
  if (status === 'confirm') {
    const [id, hash, expires, signature] = [part('id', /^\d+$/), part('hash', /^[0-9a-f]+$/), part('expires', /^\d+$/), part('signature', /^[0-9a-f]+$/)];
    if (!id || !hash || !expires || !signature) return null;
    const rest = `${id}/${hash}?${new URLSearchParams({ expires, signature }).toString()}`;
    return { path: `/email/verify/${rest}`, look: `/api/email-verify/${rest}` };
  }
  return null;
}

/** Why a social sign-in came back without signing in (the server's ?social_error= codes). */
export const SOCIAL_ERROR_CODES = ['unavailable', 'state', 'cancelled', 'failed', 'no_email', 'email_taken', 'already_linked'] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

export function socialErrorFrom(params: URLSearchParams): SocialErrorCode | null {
  const code = params.get('social_error');
  return (SOCIAL_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as SocialErrorCode) : null;
}

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'linkedin'];

/** The server route that starts a social sign-in (a full page load, not an API call). */
export function socialLoginHref(provider: SocialProvider, remember = false): string {
  return `/mt/login/${provider}${remember ? '?remember=1' : ''}`;
}

/**
 * The token the reset e-mail's link carries, and its page's look (GET /api/password-reset/{token}), which names the
 * address. An `email` in the query (links mailed before carried it) is not read.
 */
export function resetLinkFrom(params: URLSearchParams): { token: string; look: string } | null {
  const token = params.get('token') ?? '';
  return /^[A-Za-z0-9_-]+$/.test(token) ? { token, look: `/api/password-reset/${token}` } : null;
}

/** The page's address without the address an old-form link put in it (the link's token stays). */
export function withoutEmailParam(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('email')) return null;
  params.delete('email');
  const query = params.toString();
  return query ? `?${query}` : '';
}
