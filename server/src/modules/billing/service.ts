import { revenueFigures } from './revenue';
import { createCards } from './cards';
import { createCheckouts } from './checkout';
import { createBillingContext, type BillingDeps } from './context';
import { createInvoices } from './invoices';
import { createPurchases } from './purchases';
import { createRenewals } from './renewal';
import { createSubscriptions } from './subscriptions';

export { ADMIN_GRANT, TRIAL_REMINDER_DAYS, paidSeats, type BillingDeps, type CheckoutResult, type PlanChoice, type SubscribeResult } from './context';

/**
 * The billing service, composed of its parts: subscriptions.ts (state, cancel/resume, admin
 * grants, seats), purchases.ts (subscribe, plan changes, paying the invoice owed), checkout.ts
 * (hosted checkouts and webhooks), cards.ts (saved card, 3-D Secure), invoices.ts (issuing,
 * charging, listing) and renewal.ts (the scheduled sweep), over the shared helpers of context.ts.
 */
export function createBillingService(deps: BillingDeps) {
  const ctx = createBillingContext(deps);
  const invoices = createInvoices(ctx);
  const checkouts = createCheckouts(ctx, invoices);
  const purchases = createPurchases(ctx, invoices, checkouts);
  const subscriptions = createSubscriptions(ctx);
  const cards = createCards(ctx);
  const renewals = createRenewals(ctx, invoices);

  return {
    profileExtras: subscriptions.profileExtras,
    subscription: subscriptions.subscription,
    cancelSubscription: subscriptions.cancelSubscription,
    resumeSubscription: subscriptions.resumeSubscription,
    savePlan: subscriptions.savePlan,
    grantPlan: subscriptions.grantPlan,
    paidSeats: subscriptions.paidSeats,
    renewsPaidSubscription: subscriptions.renewsPaidSubscription,
    planIdsInUse: subscriptions.planIdsInUse,

    subscribe: purchases.subscribe,
    updatePlan: purchases.updatePlan,
    previewChange: purchases.previewChange,
    hyperpayCheckout: purchases.hyperpayCheckout,
    capturePendingInvoice: purchases.capturePendingInvoice,

    checkoutReturn: checkouts.checkoutReturn,
    hyperpayReturn: checkouts.hyperpayReturn,
    handleWebhook: checkouts.handleWebhook,

    updateBillingCard: cards.updateBillingCard,
    authenticateCard: cards.authenticateCard,

    listInvoices: invoices.listInvoices,
    invoiceOf: invoices.invoiceOf,
    readFile: invoices.readFile,

    runTrialNotices: renewals.runTrialNotices,
    runRenewals: renewals.runRenewals,
    runOverdue: renewals.runOverdue,
    sweep: renewals.sweep,

    sandbox: deps.gateways.sandbox,
    /** Whether the sandbox's hosted checkout may take payments (off in production by default). */
    sandboxEnabled: deps.gateways.sandboxEnabled,
    /** live, sandbox or off (payments are not set up yet). */
    paymentsMode: () => deps.gateways.mode(),
    /** Paid revenue since `from`, real and sandbox apart (admin console). */
    revenue: (from: Date) => revenueFigures(deps.db, from),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
