import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoonPanel } from '../components/coming-soon-panel';
import type { PageKey } from '../components/page-key';
import { AdminAuditPage } from '../features/admin/admin-audit-page';
import { AdminSiteSettingsPage } from '../features/admin/admin-site-settings-page';
import { AdminUserPage } from '../features/admin/admin-user-page';
import { AdminUsersPage } from '../features/admin/admin-users-page';
import { CheckEmailPage } from '../features/auth/check-email-page';
import { EmailVerifyPage } from '../features/auth/email-verify-page';
import { HomePage } from '../features/home/home-page';
import { LegalPage } from '../features/legal/legal-page';
import { PricingPage } from '../features/plans/pricing-page';
import { InvitationPage } from '../features/team/invitation-page';
import { TeamPage } from '../features/team/team-page';
import { WebExtractionPage } from '../features/websites/web-extraction-page';
import { AppLayout } from './app-layout';
import type { RouteHandle } from './document-title';
import { AdminRoute, AuthRoute, GuestOnlyRoute } from './guards';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/** A route whose screen later work builds: for now the shared "coming soon" panel. */
function comingSoon(path: string, page: PageKey): RouteObject {
  return { path, element: <ComingSoonPanel page={page} />, handle: { page } satisfies RouteHandle };
}

/** Every route of spec section 2, with its guard. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage />, handle: { page: 'home' } satisfies RouteHandle },
      { path: 'pricing', element: <PricingPage />, handle: { page: 'pricing' } satisfies RouteHandle },
      { path: 'check-email', element: <CheckEmailPage />, handle: { page: 'checkEmail' } satisfies RouteHandle },
      { path: 'email/verify', element: <EmailVerifyPage />, handle: { page: 'emailVerify' } satisfies RouteHandle },
      { path: 'terms', element: <LegalPage document="terms" />, handle: { page: 'terms' } satisfies RouteHandle },
      { path: 'privacy', element: <LegalPage document="privacy" />, handle: { page: 'privacy' } satisfies RouteHandle },
      { path: 'invitation', element: <InvitationPage />, handle: { page: 'invitation' } satisfies RouteHandle },
      comingSoon('about', 'about'),
      comingSoon('careers', 'careers'),
      comingSoon('contact', 'contact'),
      comingSoon('faqs', 'faqs'),
      comingSoon('help', 'help'),
      comingSoon('blog', 'blog'),
      comingSoon('case-studies', 'caseStudies'),
      {
        element: <GuestOnlyRoute />,
        children: [
          comingSoon('login', 'login'),
          comingSoon('register', 'register'),
          comingSoon('forgot-password', 'forgotPassword'),
          comingSoon('reset-password', 'resetPassword'),
        ],
      },
      {
        element: <AuthRoute />,
        children: [
          comingSoon('dashboard', 'dashboard'),
          { path: 'team', element: <TeamPage />, handle: { page: 'team' } satisfies RouteHandle },
          { path: 'web-extraction', element: <WebExtractionPage />, handle: { page: 'webExtraction' } satisfies RouteHandle },
          comingSoon('user/translation-history', 'translationHistory'),
          comingSoon('user/basic-info', 'basicInfo'),
          comingSoon('user/payment-management', 'paymentManagement'),
          comingSoon('user/auth-settings', 'authSettings'),
          comingSoon('user/membership', 'membership'),
          comingSoon('user/social-links', 'socialLinks'),
          comingSoon('user/password-settings', 'passwordSettings'),
          comingSoon('user/history-settings', 'historySettings'),
          comingSoon('user/invoices', 'invoices'),
          comingSoon('user/billing-card', 'billingCard'),
          comingSoon('user/company', 'company'),
        ],
      },
      {
        path: 'admin',
        element: <AdminRoute />,
        children: [
          { index: true, element: <ComingSoonPanel page="admin" />, handle: { page: 'admin' } satisfies RouteHandle },
          comingSoon('plans', 'adminPlans'),
          { path: 'users', element: <AdminUsersPage />, handle: { page: 'adminUsers' } satisfies RouteHandle },
          { path: 'users/:id', element: <AdminUserPage />, handle: { page: 'adminUser' } satisfies RouteHandle },
          { path: 'site-settings', element: <AdminSiteSettingsPage />, handle: { page: 'adminSiteSettings' } satisfies RouteHandle },
          { path: 'audit-log', element: <AdminAuditPage />, handle: { page: 'adminAuditLog' } satisfies RouteHandle },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { page: 'notFound' } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
