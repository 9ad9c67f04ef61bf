import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { ACCOUNT_TABS } from './account.fns';
import './account.css';

/** Account settings: the tabs of spec section 2 above the selected screen. */
export function AccountLayout() {
  const { t } = useTranslation('account');
  return (
    <div className="container page-section account">
      <h1 className="account__title">{t('title')}</h1>
      <nav className="account-tabs" aria-label={t('tabs.label')}>
        <ul className="account-tabs__list">
          {ACCOUNT_TABS.map((tab) => (
            <li key={tab.key}>
              <NavLink to={tab.to} className="account-tabs__link">
                {t(`tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
