import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { useLanguage } from '../i18n/use-language';
import { isEmailNotVerified, useCurrentUser } from '../features/account/use-current-user';
import { isAdmin } from '../features/auth/roles';
import { useSignOut } from '../features/auth/use-sign-out';
import { BrandName } from './brand-name';

type NavKey = 'translate' | 'documents' | 'pricing' | 'help' | 'dashboard' | 'history' | 'webExtraction' | 'team' | 'glossary' | 'admin';

type NavItem = { key: NavKey; to: string; /** Other pages the link is current on. */ alsoOn?: readonly string[] };

const GUEST_NAV: ReadonlyArray<NavItem> = [
  // A guest's translator is the home page's; the translator's own page is the same tool.
  { key: 'translate', to: '/', alsoOn: ['/translate'] },
  { key: 'documents', to: '/translate/documents' },
  { key: 'pricing', to: '/pricing' },
  { key: 'help', to: '/help' },
];

const USER_NAV: ReadonlyArray<NavItem> = [
  { key: 'dashboard', to: '/dashboard' },
  { key: 'translate', to: '/translate' },
  { key: 'documents', to: '/translate/documents' },
  { key: 'history', to: '/user/translation-history' },
  { key: 'webExtraction', to: '/web-extraction' },
  { key: 'team', to: '/team' },
  { key: 'glossary', to: '/glossary' },
  { key: 'pricing', to: '/pricing' },
];

export function SiteHeader() {
  const { t } = useTranslation();
  const { data: user, error: userError } = useCurrentUser();
  // Signed in with an e-mail address still to verify (/check-email): only "sign out" applies.
  const unverified = isEmailNotVerified(userError);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const { language } = useLanguage();
  // Close the mobile menu after navigating or switching the language.
  useEffect(() => setMenuOpen(false), [pathname, language]);
  // The menu comes before its button in the page (the desktop's reading order), so Tab from the button would pass it
  // by: opening it puts the focus on its first link.
  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menuOpen]);
  // Escape closes it, with the focus back on its button; so does the focus moving to something outside the header (Tab
  // past its end), which would otherwise go on under the open menu. A blur to nothing is no reason: Safari does not
  // focus a tapped button, so a tap on the toggle itself would close the menu first and the click reopen it.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  const closeOnLeave = (event: FocusEvent) => {
    if (menuOpen && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false);
  };

  const links: ReadonlyArray<NavItem> = user ? [...USER_NAV, ...(isAdmin(user) ? [{ key: 'admin' as const, to: '/admin' }] : [])] : GUEST_NAV;

  return (
    <header className="site-header" onKeyDown={closeOnEscape} onBlur={closeOnLeave}>
      <div className="container site-header__inner">
        {/* The name as shown (each half in its own language, the bar silent), then what the link does: speech users say what they see. */}
        <Link to="/" className="logo">
          <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="currentColor" />
            <path d="M20 16v32h24" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="44" cy="22" r="5" fill="#f2b544" />
          </svg>
          <span className="logo__text">
            <BrandName />
          </span>
          <span className="visually-hidden">{t('brand.homeLink')}</span>
        </Link>

        <div id="site-menu" ref={menuRef} className={`site-menu${menuOpen ? ' site-menu--open' : ''}`}>
          <nav aria-label={t('nav.main')}>
            <ul className="site-nav">
              {links.map((link) => (
                <li key={link.key}>
                  {link.alsoOn?.includes(pathname) ? (
                    <Link to={link.to} className="site-nav__link active" aria-current="page">
                      {t(`nav.${link.key}`)}
                    </Link>
                  ) : (
                    // "Translate" (/translate) is not also current on /translate/documents, which has its own link.
                    <NavLink to={link.to} end={link.to === '/' || link.to === '/translate'} className="site-nav__link">
                      {t(`nav.${link.key}`)}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-menu__account">
            {user ? (
              <>
                <Link to="/user/basic-info" className="account-link" title={`${t('nav.account')}: ${user.name}`} aria-label={`${t('nav.account')}: ${user.name}`}>
                  <span className="account-link__avatar" aria-hidden="true">
                    {user.name.trim().charAt(0).toUpperCase() || '·'}
                  </span>
                  <span className="account-link__name" dir="auto">
                    {user.name}
                  </span>
                </Link>
                <button type="button" className="button button--ghost button--small" data-testid="header-sign-out" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                  {t('nav.signOut')}
                </button>
              </>
            ) : unverified ? (
              <button type="button" className="button button--ghost button--small" data-testid="header-sign-out" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                {t('nav.signOut')}
              </button>
            ) : (
              <>
                <Link to="/login" className="button button--ghost button--small">
                  {t('nav.signIn')}
                </Link>
                <Link to="/register" className="button button--primary button--small">
                  {t('nav.signUp')}
                </Link>
              </>
            )}
          </div>
        </div>

        <div className="site-header__end">
          <LanguageSwitch />
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={t('nav.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="menu-toggle__bars" aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}
