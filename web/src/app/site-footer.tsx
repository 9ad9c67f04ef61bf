import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postSectionOf } from '../features/content/content.fns';
import { useHasPosts } from '../features/content/use-content';
import { BrandName } from './brand-name';
import { SOCIAL_LINKS, TRANSLATE_SITE_URL } from './site-links';

type FooterLinkKey = 'about' | 'careers' | 'contact' | 'blog' | 'caseStudies' | 'help' | 'faqs' | 'developers' | 'privacy' | 'terms';

const COLUMNS: ReadonlyArray<{ heading: 'company' | 'resources' | 'legal'; links: ReadonlyArray<{ key: FooterLinkKey; to: string }> }> = [
  {
    heading: 'company',
    links: [
      { key: 'about', to: '/about' },
      { key: 'careers', to: '/careers' },
      { key: 'contact', to: '/contact' },
      { key: 'caseStudies', to: '/case-studies' },
    ],
  },
  {
    heading: 'resources',
    links: [
      { key: 'blog', to: '/blog' },
      { key: 'help', to: '/help' },
      { key: 'faqs', to: '/faqs' },
      { key: 'developers', to: '/developers' },
    ],
  },
  {
    heading: 'legal',
    links: [
      { key: 'privacy', to: '/privacy' },
      { key: 'terms', to: '/terms' },
    ],
  },
];

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** A footer link; one to the blog or the case studies shows once that section has a published post. */
function FooterLink({ to, label }: { to: string; label: string }) {
  const hasContent = useHasPosts(postSectionOf(to));
  if (!hasContent) return null;
  return (
    <li>
      <Link to={to}>{label}</Link>
    </li>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__logo">
            <BrandName />
          </p>
          <p className="muted">{t('footer.tagline')}</p>
          {isExternal(TRANSLATE_SITE_URL) ? (
            <a className="button button--primary button--small" href={TRANSLATE_SITE_URL}>
              {t('footer.translateSite')}
            </a>
          ) : (
            <Link className="button button--primary button--small" to={TRANSLATE_SITE_URL}>
              {t('footer.translateSite')}
            </Link>
          )}
          <p className="site-footer__claim">{t('footer.iso')}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} className="site-footer__column" aria-label={t(`footer.${column.heading}`)}>
            <h2 className="site-footer__heading">{t(`footer.${column.heading}`)}</h2>
            <ul>
              {column.links.map((link) => (
                <FooterLink key={link.key} to={link.to} label={t(`footer.${link.key}`)} />
              ))}
            </ul>
          </nav>
        ))}
        <nav className="site-footer__column" aria-label={t('footer.followUs')}>
          <h2 className="site-footer__heading">{t('footer.followUs')}</h2>
          <ul>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.network}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {t(`footer.social.${link.network}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
