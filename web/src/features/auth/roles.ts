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

/** Admins land on the plan list; every other role on the dashboard. */
export function homePathFor(user: Pick<User, 'role_id'>): string {
  return isAdmin(user) ? ADMIN_HOME_PATH : USER_HOME_PATH;
}
