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
import { BillingCardPage } from '../features/billing/billing-card-page';
import { CheckoutReturnPage } from '../features/billing/checkout-return-page';
import { HyperPayCheckoutPage } from '../features/billing/hyperpay-checkout-page';
import { InvoicesPage } from '../features/billing/invoices-page';
import { MembershipPage } from '../features/billing/membership-page';
import { PaymentManagementPage } from '../features/billing/payment-management-page';
import { QuotationPage } from '../features/billing/quotation-page';
import { SandboxCheckoutPage } from '../features/billing/sandbox-checkout-page';
import { AdminPlanEditorPage } from '../features/plans/admin-plan-editor-page';
import { AdminPlansPage } from '../features/plans/admin-plans-page';
import { PricingPage } from '../features/plans/pricing-page';
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
      { path: 'enterprise', element: <QuotationPage />, handle: { page: 'enterprise' } satisfies RouteHandle },
      // The sandbox gateway's hosted checkout: reached by its unguessable session id.
      { path: 'sandbox/checkout/:id', element: <SandboxCheckoutPage />, handle: { page: 'sandboxCheckout' } satisfies RouteHandle },
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
          comingSoon('web-extraction', 'webExtraction'),
          comingSoon('user/translation-history', 'translationHistory'),
          comingSoon('user/basic-info', 'basicInfo'),
          { path: 'user/payment-management', element: <PaymentManagementPage />, handle: { page: 'paymentManagement' } satisfies RouteHandle },
          comingSoon('user/auth-settings', 'authSettings'),
          { path: 'user/membership', element: <MembershipPage />, handle: { page: 'membership' } satisfies RouteHandle },
          comingSoon('user/social-links', 'socialLinks'),
          comingSoon('user/password-settings', 'passwordSettings'),
          comingSoon('user/history-settings', 'historySettings'),
          { path: 'user/invoices', element: <InvoicesPage />, handle: { page: 'invoices' } satisfies RouteHandle },
          { path: 'user/billing-card', element: <BillingCardPage />, handle: { page: 'billingCard' } satisfies RouteHandle },
          { path: 'checkout/return', element: <CheckoutReturnPage />, handle: { page: 'checkout' } satisfies RouteHandle },
          { path: 'checkout/hyperpay', element: <HyperPayCheckoutPage />, handle: { page: 'checkout' } satisfies RouteHandle },
          comingSoon('user/company', 'company'),
        ],
      },
      {
        path: 'admin',
        element: <AdminRoute />,
        children: [
          { index: true, element: <ComingSoonPanel page="admin" />, handle: { page: 'admin' } satisfies RouteHandle },
          { path: 'plans', element: <AdminPlansPage />, handle: { page: 'adminPlans' } satisfies RouteHandle },
          { path: 'plans/new', element: <AdminPlanEditorPage />, handle: { page: 'adminPlanEditor' } satisfies RouteHandle },
          { path: 'plans/:id', element: <AdminPlanEditorPage key="edit" />, handle: { page: 'adminPlanEditor' } satisfies RouteHandle },
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
