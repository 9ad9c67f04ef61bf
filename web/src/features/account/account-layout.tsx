import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ACCOUNT_TABS } from './account.fns';
import './account.css';

/** Account settings: the tabs of spec section 2 above the selected screen. */
export function AccountLayout() {
  const { t } = useTranslation('account');
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: the open one is brought into view (nothing moves where they all fit).
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('.account-tabs__link.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="container page-section account">
      <h1 className="account__title">{t('title')}</h1>
      <nav className="account-tabs" aria-label={t('tabs.label')}>
        <ul className="account-tabs__list" ref={list} data-testid="account-tabs">
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
