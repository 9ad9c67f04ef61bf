import { describe, expect, it } from 'vitest';
import type { User } from '../../api/types';
import { ACCOUNT_TABS, logoProblem, profileFormData, profileValuesOf } from './account.fns';

describe('account helpers', () => {
  it('lists the settings tabs of spec section 2, and the API keys tab (issue 15), with their routes', () => {
    expect(ACCOUNT_TABS.map((tab) => tab.to)).toEqual([
      '/user/basic-info',
      '/user/auth-settings',
      '/user/membership',
      '/user/payment-management',
      '/user/history-settings',
      '/user/api-keys',
    ]);
  });

  it('refuses a logo over 2 MB or of another type before uploading', () => {
    expect(logoProblem({ size: 1000, type: 'image/png' })).toBeNull();
    expect(logoProblem({ size: 2 * 1024 * 1024, type: 'image/webp' })).toBeNull();
    expect(logoProblem({ size: 2 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('logoTooLarge');
    expect(logoProblem({ size: 10, type: 'image/svg+xml' })).toBe('logoType');
    expect(logoProblem({ size: 10, type: '' })).toBe('logoType');
  });

  it('fills the form from the user, empty where nothing is stored', () => {
    const user = { name: 'Huda', personal_info: { phone: '+1', job_title: '', country: 'UAE' }, company: { name: 'ACME', logo_url: null } } as unknown as User;
    expect(profileValuesOf(user)).toEqual({ name: 'Huda', phone: '+1', job_title: '', country: 'UAE', company_name: 'ACME', company_website: '', company_address: '' });
  });

  it('builds the multipart body with the logo, or with the removal flag', () => {
    const values = { name: 'Huda', phone: '', job_title: '', country: '', company_name: 'ACME', company_website: '', company_address: '' };
    const withLogo = profileFormData(values, { file: new Blob(['png']), remove: true });
    expect(withLogo.get('name')).toBe('Huda');
    expect(withLogo.get('company_name')).toBe('ACME');
    expect(withLogo.get('logo')).toBeInstanceOf(Blob);
    expect(withLogo.has('remove_logo')).toBe(false);
    const removing = profileFormData(values, { file: null, remove: true });
    expect(removing.get('remove_logo')).toBe('1');
    expect(removing.has('logo')).toBe(false);
  });
});
