import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { AnalyticsTracker } from '../features/analytics/analytics-tracker';
import { ConsentBanner } from '../features/consent/consent-banner';
import { WebinarBanner } from '../features/site-settings/webinar-banner';
import { DialogHost, QuestionHost } from './dialog-context';
import { DocumentTitle } from './document-title';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every page: webinar banner, header, the screen, footer, consent banner, the shared dialog and questions, and first-party analytics. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <WebinarBanner />
      <SiteHeader />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ConsentBanner />
      <DialogHost />
      <QuestionHost />
      <DocumentTitle />
      <AnalyticsTracker />
      <ScrollRestoration />
    </div>
  );
}
