import { describe, expect, it } from 'vitest';
import type { User } from '../../api/types';
import { afterSignInPath, homePathFor, isAdmin, limitWayFor, plansPathFor, signInPathFor } from './roles';

const withRole = (roleId: unknown) => ({ role_id: roleId }) as Pick<User, 'role_id'>;

describe('roles', () => {
  it('treats role_id "1" as admin, compared as a string', () => {
    expect(isAdmin(withRole('1'))).toBe(true);
    expect(isAdmin(withRole(1))).toBe(true);
    expect(isAdmin(withRole('2'))).toBe(false);
    expect(isAdmin(withRole('11'))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('sends admins to the plan list and every other role to the dashboard', () => {
    expect(homePathFor(withRole('1'))).toBe('/admin/plans');
    expect(homePathFor(withRole('2'))).toBe('/dashboard');
    for (const role of ['3', '4', '5']) expect(homePathFor(withRole(role))).toBe('/dashboard');
  });

  it('returns a signed-in visitor to the page that sent them to sign in, on this site only', () => {
    const next = new URLSearchParams(signInPathFor('/invitation?token=a-b_c').split('?')[1]).get('next');
    expect(afterSignInPath(withRole('2'), next)).toBe('/invitation?token=a-b_c');
    expect(afterSignInPath(withRole('2'), null)).toBe('/dashboard');
    expect(afterSignInPath(withRole('1'), '')).toBe('/admin/plans');
    for (const away of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)']) expect(afterSignInPath(withRole('2'), away)).toBe('/dashboard');
  });

  it('sends a "see the plans" prompt to the pricing page, an administrator (who buys no plan) to the admin area, a team’s manager or member (the owner’s plan) to the team', () => {
    expect(plansPathFor(withRole('1'))).toEqual({ to: '/admin', label: 'adminArea' });
    for (const role of ['2', '3']) expect(plansPathFor(withRole(role))).toEqual({ to: '/pricing', label: 'plans' });
    for (const role of ['4', '5']) expect(plansPathFor(withRole(role))).toEqual({ to: '/team', label: 'team' });
    expect(plansPathFor(null)).toEqual({ to: '/pricing', label: 'plans' });
  });

  it('leads a limit refusal on: a guest to sign in, a team’s manager or member to the team, the owner and others to the plans', () => {
    expect(limitWayFor(null, '/translate/documents', 'doc_request_quota')).toEqual({ to: '/login?next=%2Ftranslate%2Fdocuments', label: 'signIn' });
    for (const role of ['4', '5']) expect(limitWayFor(withRole(role), '/web-extraction', 'web_pages')).toEqual({ to: '/team', label: 'team' });
    for (const role of ['2', '3']) expect(limitWayFor(withRole(role), '/web-extraction', 'web_pages')).toEqual({ to: '/pricing', label: 'plans' });
    expect(limitWayFor(withRole('1'), '/translate', 'request_quota')).toEqual({ to: '/admin', label: 'adminArea' });
    expect(limitWayFor(withRole('5'), '/translate', 'llm_disabled')).toBeNull();
  });
});
