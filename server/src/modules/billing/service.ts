import { revenueFigures } from './revenue';
import { createCards } from './cards';
import { createCheckouts } from './checkout';
import { createBillingContext, type BillingDeps } from './context';
import { createInvoices } from './invoices';
import { createPurchases } from './purchases';
import { createRenewals } from './renewal';
import { createSubscriptions } from './subscriptions';
import { PurchaseInProgress } from './errors';
import type { UserRow } from '../../db/schema';

/** How long a purchase may hold its account's lease before another may start (a process that died mid-purchase). */
const PURCHASE_LEASE_MS = 120_000;

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

  /**
   * One purchase at a time per account, across processes: the account's purchase lease (a
   * column, not a held connection or lock) is taken before the subscription is read and given
   * back when the purchase ends, so a double click or a retry is answered 409 instead of being
   * charged twice. A lease left by a process that died lapses after PURCHASE_LEASE_MS.
   */
  function oneAtATime<A extends unknown[], R>(purchase: (user: UserRow, ...args: A) => Promise<R>) {
    return async (user: UserRow, ...args: A): Promise<R> => {
      const start = deps.now();
      const until = new Date(start.getTime() + PURCHASE_LEASE_MS);
      if (!(await ctx.repo.takePurchaseLease(user.id, start, until))) throw new PurchaseInProgress();
      try {
        return await purchase(user, ...args);
      } finally {
        await ctx.repo.releasePurchaseLease(user.id, until).catch((error: unknown) => deps.logger.error({ err: error, userId: user.id }, 'could not give the purchase lease back'));
      }
    };
  }

  return {
    profileExtras: subscriptions.profileExtras,
    subscription: subscriptions.subscription,
    cancelSubscription: oneAtATime(subscriptions.cancelSubscription),
    resumeSubscription: oneAtATime(subscriptions.resumeSubscription),
    savePlan: subscriptions.savePlan,
    grantPlan: subscriptions.grantPlan,
    paidSeats: subscriptions.paidSeats,
    renewsPaidSubscription: subscriptions.renewsPaidSubscription,
    planIdsInUse: subscriptions.planIdsInUse,

    subscribe: oneAtATime(purchases.subscribe),
    updatePlan: oneAtATime(purchases.updatePlan),
    previewChange: purchases.previewChange,
    hyperpayCheckout: purchases.hyperpayCheckout,
    capturePendingInvoice: oneAtATime(purchases.capturePendingInvoice),

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
