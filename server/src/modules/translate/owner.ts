import type { UserRow } from '../../db/schema';

/**
 * Whose translation memory and team glossary apply to a user: their own ('user:<id>').
 * When teams arrive, a member's list becomes ['team:<id>', 'user:<id>'] (team first),
 * and the manager's approval moves a member's suggestions to the team's key.
 */
export function ownerKeysFor(user: Pick<UserRow, 'id'>): string[] {
  return [`user:${user.id}`];
}
