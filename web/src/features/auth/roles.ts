import type { User } from '../../api/types';

/** role_id travels as a string; compare it as one (spec section 3). */
export const ADMIN_ROLE_ID = '1';
export const USER_ROLE_ID = '2';

/** Where a signed-in visitor of a guest-only page goes (spec section 2). */
export const ADMIN_HOME_PATH = '/admin/plans';
export const USER_HOME_PATH = '/dashboard';

export function isAdmin(user: Pick<User, 'role_id'> | null | undefined): boolean {
  return user != null && String(user.role_id) === ADMIN_ROLE_ID;
}

/**
 * A team's manager (4) or member (5) works under the owner's plan: buying or changing a plan of
 * their own is refused (the server's `refusePlanPurchase`), so the membership screen offers none.
 */
export function usesTeamPlan(user: Pick<User, 'role_id'> | null | undefined): boolean {
  return user != null && (String(user.role_id) === '4' || String(user.role_id) === '5');
}

/**
 * Where a "see the plans" prompt (a locked feature, a limit reached) sends the user: the pricing page; for an
 * administrator, whose account buys no plan, the admin area (where plans are set, their own account's too); for a
 * team's manager or member, who works under the owner's plan and cannot change it (usesTeamPlan), the team page,
 * where the owner is named.
 */
export function plansPathFor(user: Pick<User, 'role_id'> | null | undefined): { to: string; label: 'plans' | 'adminArea' | 'team' } {
  if (isAdmin(user)) return { to: '/admin', label: 'adminArea' };
  if (usesTeamPlan(user)) return { to: '/team', label: 'team' };
  return { to: '/pricing', label: 'plans' };
}

/** Where a limit refusal leads, and the words of its link: `translate:limit.<label>`. */
export interface LimitWay {
  to: string;
  label: 'plans' | 'adminArea' | 'signIn' | 'team';
}

/**
 * Where a limit refusal's dialog leads (a 402, spec section 4): a guest to sign in, coming back to `here` (the sign-in
 * page offers a new account too); a team's manager or member, who works under the owner's plan and cannot change it
 * (usesTeamPlan), to the team page, where the owner is named; any other signed-in user
 * to the plans (plansPathFor). Nowhere for a switch the team's account manager turned off (`llm_disabled`): no plan
 * turns it on, the message says whom to ask.
 */
export function limitWayFor(user: Pick<User, 'role_id'> | null | undefined, here: string, type: string | null): LimitWay | null {
  if (type === 'llm_disabled') return null;
  if (!user) return { to: signInPathFor(here), label: 'signIn' };
  return plansPathFor(user);
}

/** Admins land on the plan list; every other role on the dashboard. */
export function homePathFor(user: Pick<User, 'role_id'>): string {
  return isAdmin(user) ? ADMIN_HOME_PATH : USER_HOME_PATH;
}

/**
 * Where a visitor goes once signed in: back to the page that sent them to sign in (`?next=`,
 * e.g. a team invitation), when it is a path on this site, else their home. A `next` of
 * another origin ("//host", "https://…") is ignored, so the link cannot send anyone away.
 */
export function afterSignInPath(user: Pick<User, 'role_id'>, next: string | null): string {
  if (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')) return next;
  return homePathFor(user);
}

/** The sign-in page, coming back to `path` (with its query) once signed in. */
export function signInPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
