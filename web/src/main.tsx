import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/600.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
// The few Arabic glyphs English pages show, cut out of IBM Plex Sans Arabic by the build (web/font-subsets.ts).
import './generated/font-subsets.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { currentUserQuery } from './features/account/use-current-user';
import { plansQuery } from './features/plans/use-plans';
import { siteSettingsQuery } from './features/site-settings/use-site-settings';
import { i18n, i18nReady } from './i18n';
import { localizeValidationMessages } from './i18n/validation';

const queryClient = createQueryClient();

// Start-up data (spec section 4): plans, site settings and the user, requested at once.
void queryClient.prefetchQuery(plansQuery);
void queryClient.prefetchQuery(siteSettingsQuery);
void queryClient.prefetchQuery(currentUserQuery);

const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The first language's catalogs (one small chunk, preloaded by index.html) come before the first render.
void i18nReady.then(() => {
  localizeValidationMessages(i18n);
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}, () => {
  // The catalogs did not arrive (offline, or a deployment replaced them meanwhile): say so in both languages.
  rootElement.textContent = 'Lisan could not load. Please reload the page. / تعذّر تحميل لسان. يُرجى إعادة تحميل الصفحة.';
});
