import type { SocialProvider } from '../../api/types';

/** Query keys of the sign-in options (public: kept when a user signs out). */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
};

/**
 * What the server's link handlers report: the verification link (GET /email/verify/{id}/{hash}) and the link that
 * confirms a change of address (GET /email/change/{token}), both redirecting to /email/verify?status=.
 */
export const VERIFY_STATUSES = ['verified', 'already', 'invalid', 'email_changed', 'change_expired', 'change_invalid', 'change_taken'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number] | 'unknown';

export function verifyStatusFrom(params: URLSearchParams): VerifyStatus {
  const status = params.get('status');
  return (VERIFY_STATUSES as readonly string[]).includes(status ?? '') ? (status as VerifyStatus) : 'unknown';
}

/** The statuses of an e-mail change link: the page then speaks of the change, not of verification. */
export const isEmailChangeStatus = (status: VerifyStatus) => status === 'email_changed' || status.startsWith('change_');

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
