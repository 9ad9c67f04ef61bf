import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The console's own navigation, shown above every admin screen. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  const links = [
    ['/admin/users', t('nav.users')],
    ['/admin/plans', t('nav.plans')],
    ['/admin/site-settings', t('nav.settings')],
    ['/admin/audit-log', t('nav.audit')],
    ['/admin/content', t('nav.content')],
    ['/admin/requests', t('nav.requests')],
    ['/admin/analytics', t('nav.analytics')],
    ['/admin/replays', t('nav.replays')],
    ['/admin/engines', t('nav.engines')],
  ] as const;
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      {links.map(([to, label]) => (
        <NavLink key={to} to={to} className="admin-nav__link">
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Role names of the contract ("1" admin … "5" team member). */
export function useRoleName() {
  const { t } = useTranslation('admin');
  return (roleId: string) => t(`roles.${roleId}`, { defaultValue: roleId });
}
