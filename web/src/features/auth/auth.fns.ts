import type { SocialProvider } from '../../api/types';
import type { PageKey } from '../../components/page-key';

/** Query keys of the sign-in options (public: kept when a user signs out). */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  /** A change-of-address link's state, asked with its token (GET /api/email-change/{token}). */
  emailChange: (token: string) => [...authKeys.all, 'email-change', token] as const,
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

/** What the button of a live link's page does: POST to the link's own path, which names this address. */
export interface EmailLinkAction {
  path: string;
  email: string;
}

/**
 * A change-of-address link's page: the POST's path and the token it asks the new address with (GET
 * /api/email-change/{token}); the address is in no URL (browser history, proxies and logs keep URLs).
 */
export interface EmailChangeLinkAction {
  path: string;
  token: string;
}

/**
 * The POST of a live link's page, rebuilt from the parts the server's redirect put in the query, each checked to be of
 * its kind (a crafted page address must not make the button post anywhere else); null when a part is missing or odd.
 * A change's page reads the token only: an `email` in its query (the earlier redirect put the address there) is not
 * read, the server's answer names the address.
 */
export function emailLinkActionFrom(params: URLSearchParams): EmailLinkAction | EmailChangeLinkAction | null {
  const part = (name: string, pattern: RegExp) => {
    const value = params.get(name) ?? '';
    return pattern.test(value) ? value : null;
  };
  const status = verifyStatusFrom(params);
  if (status === 'change_confirm') {
    const token = part('token', /^[A-Za-z0-9_-]+$/);
    return token ? { path: `/email/change/${token}`, token } : null;
  }
  const email = part('email', /^[^\s@]+@[^\s@]+$/);
  if (!email) return null;
  if (status === 'confirm') {
    const [id, hash, expires, signature] = [part('id', /^\d+$/), part('hash', /^[0-9a-f]+$/), part('expires', /^\d+$/), part('signature', /^[0-9a-f]+$/)];
    if (!id || !hash || !expires || !signature) return null;
    return { path: `/email/verify/${id}/${hash}?${new URLSearchParams({ expires, signature }).toString()}`, email };
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

/** The token and address the reset e-mail's link carries. */
export function resetParamsFrom(params: URLSearchParams): { token: string; email: string } {
  return { token: params.get('token') ?? '', email: params.get('email') ?? '' };
}
