import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPanel } from '../components/coming-soon-panel';
import type { PageKey } from '../components/page-key';
import { AccountLayout } from '../features/account/account-layout';
import { AuthSettingsPage } from '../features/account/auth-settings-page';
import { BasicInfoPage } from '../features/account/basic-info-page';
import { AdminAuditPage } from '../features/admin/admin-audit-page';
import { AdminIndexPage } from '../features/admin/admin-index-page';
import { AdminSiteSettingsPage } from '../features/admin/admin-site-settings-page';
import { AdminUserPage } from '../features/admin/admin-user-page';
import { AdminUsersPage } from '../features/admin/admin-users-page';
import { CheckEmailPage } from '../features/auth/check-email-page';
import { EmailVerifyPage } from '../features/auth/email-verify-page';
import { ContentPage } from '../features/content/content-page';
import { PostListPage, PostPage } from '../features/content/posts-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { DocumentTranslatorPage } from '../features/documents/document-translator-page';
import { HomePage } from '../features/home/home-page';
import { LegalPage } from '../features/legal/legal-page';
import { BillingCardPage } from '../features/billing/billing-card-page';
import { CheckoutReturnPage } from '../features/billing/checkout-return-page';
import { HyperPayCheckoutPage } from '../features/billing/hyperpay-checkout-page';
import { InvoicesPage } from '../features/billing/invoices-page';
import { MembershipPage } from '../features/billing/membership-page';
import { PaymentManagementPage } from '../features/billing/payment-management-page';
import { SandboxCheckoutPage } from '../features/billing/sandbox-checkout-page';
import { AdminPlanEditorPage } from '../features/plans/admin-plan-editor-page';
import { AdminPlansPage } from '../features/plans/admin-plans-page';
import { PricingPage } from '../features/plans/pricing-page';
import { ContactForm } from '../features/requests/contact-form';
import { RequestFormPage } from '../features/requests/request-form-page';
import { HistorySettingsPage } from '../features/history/auto-delete-setting';
import { HistoryPage } from '../features/history/history-page';
import { TranslatorPage } from '../features/translator/translator-page';
import { InvitationPage } from '../features/team/invitation-page';
import { TeamPage } from '../features/team/team-page';
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
      { path: 'translate/documents', element: <DocumentTranslatorPage />, handle: { page: 'documents' } satisfies RouteHandle },
      { path: 'translate', element: <TranslatorPage />, handle: { page: 'translate' } satisfies RouteHandle },
      { path: 'check-email', element: <CheckEmailPage />, handle: { page: 'checkEmail' } satisfies RouteHandle },
      { path: 'email/verify', element: <EmailVerifyPage />, handle: { page: 'emailVerify' } satisfies RouteHandle },
      { path: 'terms', element: <LegalPage document="terms" />, handle: { page: 'terms' } satisfies RouteHandle },
      { path: 'privacy', element: <LegalPage document="privacy" />, handle: { page: 'privacy' } satisfies RouteHandle },
      { path: 'invitation', element: <InvitationPage />, handle: { page: 'invitation' } satisfies RouteHandle },
      { path: 'about', element: <ContentPage slug="about" page="about" />, handle: { page: 'about' } satisfies RouteHandle },
      { path: 'careers', element: <ContentPage slug="careers" page="careers" />, handle: { page: 'careers' } satisfies RouteHandle },
      {
        path: 'contact',
        element: (
          <ContentPage slug="contact" page="contact">
            <ContactForm />
          </ContentPage>
        ),
        handle: { page: 'contact' } satisfies RouteHandle,
      },
      { path: 'faqs', element: <ContentPage slug="faqs" page="faqs" />, handle: { page: 'faqs' } satisfies RouteHandle },
      { path: 'help', element: <ContentPage slug="help" page="help" />, handle: { page: 'help' } satisfies RouteHandle },
      { path: 'blog', element: <PostListPage section="blog" />, handle: { page: 'blog' } satisfies RouteHandle },
      { path: 'blog/:slug', element: <PostPage section="blog" />, handle: { page: 'blogPost' } satisfies RouteHandle },
      { path: 'case-studies', element: <PostListPage section="case-studies" />, handle: { page: 'caseStudies' } satisfies RouteHandle },
      { path: 'case-studies/:slug', element: <PostPage section="case-studies" />, handle: { page: 'caseStudy' } satisfies RouteHandle },
      { path: 'human-translation', element: <RequestFormPage />, handle: { page: 'humanTranslation' } satisfies RouteHandle },
      // The sandbox gateway's hosted checkout: reached by its unguessable session id.
      { path: 'sandbox/checkout/:id', element: <SandboxCheckoutPage />, handle: { page: 'sandboxCheckout' } satisfies RouteHandle },
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: 'login', element: <LoginPage />, handle: { page: 'login' } satisfies RouteHandle },
          { path: 'register', element: <RegisterPage />, handle: { page: 'register' } satisfies RouteHandle },
          { path: 'forgot-password', element: <ForgotPasswordPage />, handle: { page: 'forgotPassword' } satisfies RouteHandle },
          { path: 'reset-password', element: <ResetPasswordPage />, handle: { page: 'resetPassword' } satisfies RouteHandle },
        ],
      },
      {
        element: <AuthRoute />,
        children: [
          comingSoon('dashboard', 'dashboard'),
          { path: 'team', element: <TeamPage />, handle: { page: 'team' } satisfies RouteHandle },
          comingSoon('web-extraction', 'webExtraction'),
          { path: 'user/translation-history', element: <HistoryPage />, handle: { page: 'translationHistory' } satisfies RouteHandle },
          {
            // Account settings with the tabs of spec section 2.
            element: <AccountLayout />,
            children: [
              { path: 'user/basic-info', element: <BasicInfoPage />, handle: { page: 'basicInfo' } satisfies RouteHandle },
              { path: 'user/auth-settings', element: <AuthSettingsPage />, handle: { page: 'authSettings' } satisfies RouteHandle },
              { path: 'user/payment-management', element: <PaymentManagementPage />, handle: { page: 'paymentManagement' } satisfies RouteHandle },
              { path: 'user/membership', element: <MembershipPage />, handle: { page: 'membership' } satisfies RouteHandle },
              { path: 'user/history-settings', element: <HistorySettingsPage />, handle: { page: 'historySettings' } satisfies RouteHandle },
            ],
          },
          // The spec's "social links", "password settings" and "company info" are sections of these screens.
          { path: 'user/social-links', element: <Navigate to="/user/auth-settings#social-links" replace /> },
          { path: 'user/password-settings', element: <Navigate to="/user/auth-settings#password" replace /> },
          { path: 'user/company', element: <Navigate to="/user/basic-info#company" replace /> },
          { path: 'user/invoices', element: <InvoicesPage />, handle: { page: 'invoices' } satisfies RouteHandle },
          { path: 'user/billing-card', element: <BillingCardPage />, handle: { page: 'billingCard' } satisfies RouteHandle },
          { path: 'checkout/return', element: <CheckoutReturnPage />, handle: { page: 'checkout' } satisfies RouteHandle },
          { path: 'checkout/hyperpay', element: <HyperPayCheckoutPage />, handle: { page: 'checkout' } satisfies RouteHandle },
        ],
      },
      {
        path: 'admin',
        element: <AdminRoute />,
        children: [
          { index: true, element: <AdminIndexPage />, handle: { page: 'admin' } satisfies RouteHandle },
          { path: 'plans', element: <AdminPlansPage />, handle: { page: 'adminPlans' } satisfies RouteHandle },
          { path: 'plans/new', element: <AdminPlanEditorPage />, handle: { page: 'adminPlanEditor' } satisfies RouteHandle },
          { path: 'plans/:id', element: <AdminPlanEditorPage key="edit" />, handle: { page: 'adminPlanEditor' } satisfies RouteHandle },
          { path: 'users', element: <AdminUsersPage />, handle: { page: 'adminUsers' } satisfies RouteHandle },
          { path: 'users/:id', element: <AdminUserPage />, handle: { page: 'adminUser' } satisfies RouteHandle },
          { path: 'site-settings', element: <AdminSiteSettingsPage />, handle: { page: 'adminSiteSettings' } satisfies RouteHandle },
          { path: 'audit-log', element: <AdminAuditPage />, handle: { page: 'adminAuditLog' } satisfies RouteHandle },
          comingSoon('users', 'adminUsers'),
          comingSoon('site-settings', 'adminSiteSettings'),
          // Admin screens load on demand: visitors never download them.
          {
            path: 'content',
            lazy: async () => ({ Component: (await import('../features/content/admin-content-page')).AdminContentPage }),
            handle: { page: 'adminContent' } satisfies RouteHandle,
          },
          {
            path: 'content/new',
            lazy: async () => ({ Component: (await import('../features/content/admin-content-editor')).AdminContentEditorPage }),
            handle: { page: 'adminContentNew' } satisfies RouteHandle,
          },
          {
            path: 'content/:id',
            lazy: async () => ({ Component: (await import('../features/content/admin-content-editor')).AdminContentEditorPage }),
            handle: { page: 'adminContentEdit' } satisfies RouteHandle,
          },
          {
            path: 'requests',
            lazy: async () => ({ Component: (await import('../features/requests/admin-requests-page')).AdminRequestsPage }),
            handle: { page: 'adminRequests' } satisfies RouteHandle,
          },
          {
            path: 'analytics',
            lazy: async () => ({ Component: (await import('../features/analytics/admin-analytics-page')).AdminAnalyticsPage }),
            handle: { page: 'adminAnalytics' } satisfies RouteHandle,
          },
          {
            path: 'replays',
            lazy: async () => ({ Component: (await import('../features/analytics/admin-replays-page')).AdminReplaysPage }),
            handle: { page: 'adminReplays' } satisfies RouteHandle,
          },
          {
            path: 'replays/:id',
            lazy: async () => ({ Component: (await import('../features/analytics/admin-replays-page')).AdminReplayPage }),
            handle: { page: 'adminReplay' } satisfies RouteHandle,
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { page: 'notFound' } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
