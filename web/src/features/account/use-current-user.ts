import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, ApiError, isApiError, readCookie, SIGNED_IN_COOKIE_NAME, SIGNED_IN_HINT_UNVERIFIED } from '../../api/client';
import type { User } from '../../api/types';

/** The user call answers 450 when the e-mail address is not verified yet. */
export const EMAIL_NOT_VERIFIED_STATUS = 450;
export const CHECK_EMAIL_PATH = '/check-email';
/** The result page of a verification link: it shows the result itself, so no 450 redirect there. */
export const EMAIL_VERIFY_PATH = '/email/verify';
const NO_VERIFY_REDIRECT: ReadonlySet<string> = new Set([CHECK_EMAIL_PATH, EMAIL_VERIFY_PATH]);

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

const documentCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

/**
 * What the server's signed-in hint cookie says: null when it is not there (a guest), 'unverified'
 * while the user's e-mail address is not verified, else 'verified'.
 */
export function signedInHint(cookies: string = documentCookies()): 'verified' | 'unverified' | null {
  const value = readCookie(cookies, SIGNED_IN_COOKIE_NAME);
  if (value === null) return null;
  return value === SIGNED_IN_HINT_UNVERIFIED ? 'unverified' : 'verified';
}

/**
 * Whether the server's signed-in hint cookie is there. Without it the visitor is a guest and the
 * user call is not made: its 401 would show as a failed resource in the browser's console.
 */
export function hasSignedInHint(cookies: string = documentCookies()): boolean {
  return signedInHint(cookies) !== null;
}

/** The 450 of the user call, known from the hint without asking (the answer the server would give). */
export function emailNotVerifiedError(): ApiError {
  return new ApiError({ status: EMAIL_NOT_VERIFIED_STATUS, message: 'Your email address is not verified.' });
}

/**
 * GET /api/user: the signed-in user, or null for a guest (no signed-in hint, or 401 for a stale
 * one, which that answer clears). While the hint says the e-mail address is unverified the call is
 * not made either: the query fails with the 450 the server would answer (so /check-email and its
 * header make no call the browser would log as failed), until an answer of the server sets the
 * hint to verified. Read at each fetch, so the refetch after a sign-in sees the hint the sign-in
 * set. Never retried and never polled (spec section 9); other failures (450 included) stay errors.
 */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.current(),
  queryFn: async ({ signal }): Promise<User | null> => {
    const hint = signedInHint();
    if (hint === null) return null;
    if (hint === 'unverified') throw emailNotVerifiedError();
    try {
      return await api.get<User>('/api/user', { signal });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
  retryOnMount: false,
  refetchInterval: false,
  refetchOnWindowFocus: false,
  staleTime: 60_000,
});

export function isEmailNotVerified(error: unknown): boolean {
  return isApiError(error) && error.status === EMAIL_NOT_VERIFIED_STATUS;
}

/** The current user (null for a guest); a 450 answer sends the visitor to /check-email (except from the verification result page). */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mustVerifyEmail = isEmailNotVerified(query.error);

  useEffect(() => {
    if (mustVerifyEmail && !NO_VERIFY_REDIRECT.has(pathname)) void navigate(CHECK_EMAIL_PATH, { replace: true });
  }, [mustVerifyEmail, pathname, navigate]);

  return query;
}
