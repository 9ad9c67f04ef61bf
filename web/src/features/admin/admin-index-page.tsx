import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from '../../components/page-key';
import { GlossNotice } from '../translator/gloss-notice';
import './admin.css';
import { PaymentsBanner, RevenueFigures } from './payments-banner';

/** The admin console's sections; the admin-console work extends this list. */
const SECTIONS: ReadonlyArray<{ page: PageKey; to: string }> = [
  { page: 'adminPlans', to: '/admin/plans' },
  { page: 'adminUsers', to: '/admin/users' },
  { page: 'adminSiteSettings', to: '/admin/site-settings' },
  { page: 'adminAuditLog', to: '/admin/audit-log' },
  { page: 'adminContent', to: '/admin/content' },
  { page: 'adminRequests', to: '/admin/requests' },
  { page: 'adminAnalytics', to: '/admin/analytics' },
  { page: 'adminReplays', to: '/admin/replays' },
  { page: 'adminEngines', to: '/admin/engines' },
];

/** /admin: links to every admin screen. */
export function AdminIndexPage() {
  const { t } = useTranslation();
  return (
    <section className="container page-section admin-page" data-testid="admin-index">
      <header className="admin-header">
        <h1>{t('pages.admin.title')}</h1>
        <p className="muted">{t('pages.admin.description')}</p>
      </header>
      <PaymentsBanner />
      <GlossNotice screen="admin" />
      <ul className="admin-index">
        {SECTIONS.map((section) => (
          <li key={section.page}>
            <Link className="admin-index__card" to={section.to} data-testid={`admin-link-${section.page}`}>
              <span className="admin-index__title">{t(`pages.${section.page}.title`)}</span>
              <span className="admin-index__description">{t(`pages.${section.page}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <RevenueFigures />
    </section>
  );
}
