import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { aliasedLocation, PAGE_ALIASES } from '../../../contract/page-aliases';
import { AccountLayout } from '../features/account/account-layout';
import { emailLinkPageFrom } from '../features/auth/auth.fns';
import { ContentPage } from '../features/content/content-page';
import { HomePage } from '../features/home/home-page';
import { ContactForm } from '../features/requests/contact-form';
import { PageLoading } from '../components/page-loading';
import { AppLayout } from './app-layout';
import type { RouteHandle } from './document-title';
import { AdminRoute, AuthRoute, GuestOnlyRoute } from './guards';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/**
 * A route per alias of the shared table (contract/page-aliases): it only redirects, keeping the query (a loader's request
 * carries no fragment; a typed address reaches the server's 301 first, and the browser keeps its fragment).
 */
const aliasRoutes: RouteObject[] = Object.keys(PAGE_ALIASES).map((alias) => ({
  path: alias.slice(1),
  loader: ({ request }) => {
    const url = new URL(request.url);
    return redirect(aliasedLocation(url.pathname, url.search) ?? '/');
  },
}));

/** Every route of spec section 2, with its guard. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // The first page a visitor opens may be a lazy one: the loading status shows while its code loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <HomePage />, handle: { page: 'home' } satisfies RouteHandle },
      { path: 'pricing', lazy: async () => { const { PricingPage } = await import('../features/plans/pricing-page'); return { element: <PricingPage /> }; }, handle: { page: 'pricing' } satisfies RouteHandle },
      { path: 'translate/documents', lazy: async () => { const { DocumentTranslatorPage } = await import('../features/documents/document-translator-page'); return { element: <DocumentTranslatorPage /> }; }, handle: { page: 'documents' } satisfies RouteHandle },
      { path: 'translate', lazy: async () => { const { TranslatorPage } = await import('../features/translator/translator-page'); return { element: <TranslatorPage /> }; }, handle: { page: 'translate' } satisfies RouteHandle },
      { path: 'check-email', lazy: async () => { const { CheckEmailPage } = await import('../features/auth/check-email-page'); return { element: <CheckEmailPage /> }; }, handle: { page: 'checkEmail' } satisfies RouteHandle },
      { path: 'email/verify', lazy: async () => { const { EmailVerifyPage } = await import('../features/auth/email-verify-page'); return { element: <EmailVerifyPage /> }; }, handle: { page: emailLinkPageFrom } satisfies RouteHandle },
      { path: 'terms', lazy: async () => { const { LegalPage } = await import('../features/legal/legal-page'); return { element: <LegalPage document="terms" /> }; }, handle: { page: 'terms' } satisfies RouteHandle },
      { path: 'privacy', lazy: async () => { const { LegalPage } = await import('../features/legal/legal-page'); return { element: <LegalPage document="privacy" /> }; }, handle: { page: 'privacy' } satisfies RouteHandle },
      { path: 'invitation', lazy: async () => { const { InvitationPage } = await import('../features/team/invitation-page'); return { element: <InvitationPage /> }; }, handle: { page: 'invitation' } satisfies RouteHandle },
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
      { path: 'blog', lazy: async () => { const { PostListPage } = await import('../features/content/posts-page'); return { element: <PostListPage section="blog" /> }; }, handle: { page: 'blog' } satisfies RouteHandle },
      { path: 'blog/:slug', lazy: async () => { const { PostPage } = await import('../features/content/posts-page'); return { element: <PostPage section="blog" /> }; }, handle: { page: 'blogPost' } satisfies RouteHandle },
      { path: 'case-studies', lazy: async () => { const { PostListPage } = await import('../features/content/posts-page'); return { element: <PostListPage section="case-studies" /> }; }, handle: { page: 'caseStudies' } satisfies RouteHandle },
      { path: 'case-studies/:slug', lazy: async () => { const { PostPage } = await import('../features/content/posts-page'); return { element: <PostPage section="case-studies" /> }; }, handle: { page: 'caseStudy' } satisfies RouteHandle },
      { path: 'human-translation', lazy: async () => { const { RequestFormPage } = await import('../features/requests/request-form-page'); return { element: <RequestFormPage /> }; }, handle: { page: 'humanTranslation' } satisfies RouteHandle },
      { path: 'developers', lazy: async () => { const { DevelopersPage } = await import('../features/developer/developers-page'); return { element: <DevelopersPage /> }; }, handle: { page: 'developers' } satisfies RouteHandle },
      // The sandbox gateway's hosted checkout: reached by its unguessable session id.
      { path: 'sandbox/checkout/:id', lazy: async () => { const { SandboxCheckoutPage } = await import('../features/billing/sandbox-checkout-page'); return { element: <SandboxCheckoutPage /> }; }, handle: { page: 'sandboxCheckout' } satisfies RouteHandle },
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: 'login', lazy: async () => { const { LoginPage } = await import('../features/auth/login-page'); return { element: <LoginPage /> }; }, handle: { page: 'login' } satisfies RouteHandle },
          { path: 'register', lazy: async () => { const { RegisterPage } = await import('../features/auth/register-page'); return { element: <RegisterPage /> }; }, handle: { page: 'register' } satisfies RouteHandle },
          { path: 'forgot-password', lazy: async () => { const { ForgotPasswordPage } = await import('../features/auth/forgot-password-page'); return { element: <ForgotPasswordPage /> }; }, handle: { page: 'forgotPassword' } satisfies RouteHandle },
          { path: 'reset-password', lazy: async () => { const { ResetPasswordPage } = await import('../features/auth/reset-password-page'); return { element: <ResetPasswordPage /> }; }, handle: { page: 'resetPassword' } satisfies RouteHandle },
        ],
      },
      {
        element: <AuthRoute />,
        children: [
          { path: 'dashboard', lazy: async () => { const { DashboardPage } = await import('../features/dashboard/dashboard-page'); return { element: <DashboardPage /> }; }, handle: { page: 'dashboard' } satisfies RouteHandle },
          { path: 'team', lazy: async () => { const { TeamPage } = await import('../features/team/team-page'); return { element: <TeamPage /> }; }, handle: { page: 'team' } satisfies RouteHandle },
          { path: 'web-extraction', lazy: async () => { const { WebExtractionPage } = await import('../features/websites/web-extraction-page'); return { element: <WebExtractionPage /> }; }, handle: { page: 'webExtraction' } satisfies RouteHandle },
          { path: 'user/translation-history', lazy: async () => { const { HistoryPage } = await import('../features/history/history-page'); return { element: <HistoryPage /> }; }, handle: { page: 'translationHistory' } satisfies RouteHandle },
          { path: 'glossary', lazy: async () => { const { GlossaryPage } = await import('../features/glossary/glossary-page'); return { element: <GlossaryPage /> }; }, handle: { page: 'glossary' } satisfies RouteHandle },
          {
            // Account settings with the tabs of spec section 2.
            element: <AccountLayout />,
            children: [
              { path: 'user/basic-info', lazy: async () => { const { BasicInfoPage } = await import('../features/account/basic-info-page'); return { element: <BasicInfoPage /> }; }, handle: { page: 'basicInfo' } satisfies RouteHandle },
              { path: 'user/auth-settings', lazy: async () => { const { AuthSettingsPage } = await import('../features/account/auth-settings-page'); return { element: <AuthSettingsPage /> }; }, handle: { page: 'authSettings' } satisfies RouteHandle },
              { path: 'user/payment-management', lazy: async () => { const { PaymentManagementPage } = await import('../features/billing/payment-management-page'); return { element: <PaymentManagementPage /> }; }, handle: { page: 'paymentManagement' } satisfies RouteHandle },
              { path: 'user/membership', lazy: async () => { const { MembershipPage } = await import('../features/billing/membership-page'); return { element: <MembershipPage /> }; }, handle: { page: 'membership' } satisfies RouteHandle },
              { path: 'user/history-settings', lazy: async () => { const { HistorySettingsPage } = await import('../features/history/auto-delete-setting'); return { element: <HistorySettingsPage /> }; }, handle: { page: 'historySettings' } satisfies RouteHandle },
              { path: 'user/api-keys', lazy: async () => { const { ApiKeysPage } = await import('../features/developer/api-keys-page'); return { element: <ApiKeysPage /> }; }, handle: { page: 'apiKeys' } satisfies RouteHandle },
            ],
          },
          { path: 'user/invoices', lazy: async () => { const { InvoicesPage } = await import('../features/billing/invoices-page'); return { element: <InvoicesPage /> }; }, handle: { page: 'invoices' } satisfies RouteHandle },
          { path: 'user/billing-card', lazy: async () => { const { BillingCardPage } = await import('../features/billing/billing-card-page'); return { element: <BillingCardPage /> }; }, handle: { page: 'billingCard' } satisfies RouteHandle },
          { path: 'checkout/return', lazy: async () => { const { CheckoutReturnPage } = await import('../features/billing/checkout-return-page'); return { element: <CheckoutReturnPage /> }; }, handle: { page: 'checkout' } satisfies RouteHandle },
          { path: 'checkout/hyperpay', lazy: async () => { const { HyperPayCheckoutPage } = await import('../features/billing/hyperpay-checkout-page'); return { element: <HyperPayCheckoutPage /> }; }, handle: { page: 'checkout' } satisfies RouteHandle },
        ],
      },
      {
        path: 'admin',
        element: <AdminRoute />,
        children: [
          { index: true, lazy: async () => { const { AdminIndexPage } = await import('../features/admin/admin-index-page'); return { element: <AdminIndexPage /> }; }, handle: { page: 'admin' } satisfies RouteHandle },
          { path: 'plans', lazy: async () => { const { AdminPlansPage } = await import('../features/plans/admin-plans-page'); return { element: <AdminPlansPage /> }; }, handle: { page: 'adminPlans' } satisfies RouteHandle },
          { path: 'plans/new', lazy: async () => { const { AdminPlanEditorPage } = await import('../features/plans/admin-plan-editor-page'); return { element: <AdminPlanEditorPage /> }; }, handle: { page: 'adminPlanEditor' } satisfies RouteHandle },
          { path: 'plans/:id', lazy: async () => { const { AdminPlanEditorPage } = await import('../features/plans/admin-plan-editor-page'); return { element: <AdminPlanEditorPage key="edit" /> }; }, handle: { page: 'adminPlanEditor' } satisfies RouteHandle },
          { path: 'users', lazy: async () => { const { AdminUsersPage } = await import('../features/admin/admin-users-page'); return { element: <AdminUsersPage /> }; }, handle: { page: 'adminUsers' } satisfies RouteHandle },
          { path: 'users/:id', lazy: async () => { const { AdminUserPage } = await import('../features/admin/admin-user-page'); return { element: <AdminUserPage /> }; }, handle: { page: 'adminUser' } satisfies RouteHandle },
          { path: 'site-settings', lazy: async () => { const { AdminSiteSettingsPage } = await import('../features/admin/admin-site-settings-page'); return { element: <AdminSiteSettingsPage /> }; }, handle: { page: 'adminSiteSettings' } satisfies RouteHandle },
          { path: 'audit-log', lazy: async () => { const { AdminAuditPage } = await import('../features/admin/admin-audit-page'); return { element: <AdminAuditPage /> }; }, handle: { page: 'adminAuditLog' } satisfies RouteHandle },
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
            path: 'engines',
            lazy: async () => ({ Component: (await import('../features/engines/admin-engines-page')).AdminEnginesPage }),
            handle: { page: 'adminEngines' } satisfies RouteHandle,
          },
          {
            path: 'replays/:id',
            lazy: async () => ({ Component: (await import('../features/analytics/admin-replays-page')).AdminReplayPage }),
            handle: { page: 'adminReplay' } satisfies RouteHandle,
          },
        ],
      },
      // The addresses people type for a page (/history, /sign-in; the spec's "social links", "password settings" and
      // "company info", sections of the account screens): to the page, as the server's 301 does on a first visit.
      ...aliasRoutes,
      { path: '*', element: <NotFoundPage />, handle: { page: 'notFound' } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
