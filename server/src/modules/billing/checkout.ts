import { randomUUID } from 'node:crypto';
import type { PlanRow, UserRow } from '../../db/schema';
import { AppError, NotFound } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import type { CheckoutOutcome } from '../../payments/types';
import { addPeriod, minorToText, textToMinor } from './billing.fns';
import { paidSeats, type BillingContext, type CheckoutResult, type SubscribeResult } from './context';
import type { Invoices } from './invoices';
import { inTransaction, type BillingRepo } from './repo';
import type { CheckoutRow, Frequency, InvoiceParty, InvoiceRow } from '../../db/tables/billing';

export type Checkouts = ReturnType<typeof createCheckouts>;

/**
 * Hosted checkouts: starting one at the gateway, and applying its outcome exactly once, whether
 * the shopper comes back (return URL, HyperPay) or the gateway tells us (Stripe webhook).
 */
export function createCheckouts(ctx: BillingContext, invoices: Invoices) {
  const { deps, repo, now, logger, appUrl, customerOf, gatewayNow, gatewayById, guarded, planName, syncSeats, saveCardRow } = ctx;
  const { invoiceSeller, issueInvoice, mailInvoicePaid, reactivateAfterPayment } = invoices;

  async function startCheckout(
    user: UserRow,
    input: { purpose: CheckoutRow['purpose']; plan: PlanRow | null; frequency: Frequency | null; seats: number | null; invoice: InvoiceRow | null; amountMinor: number; description: string; locale: Locale },
  ): Promise<SubscribeResult> {
    const gateway = await gatewayNow();
    const id = randomUUID();
    await repo.insertCheckout({
      id,
      user_id: user.id,
      gateway: gateway.id,
      purpose: input.purpose,
      plan_id: input.plan?.id ?? null,
      frequency: input.frequency,
      seats: input.seats,
      invoice_id: input.invoice?.id ?? null,
      amount: minorToText(input.amountMinor),
      description: input.description,
      created_at: now(),
    });
    const customer = await customerOf(user);
    const started = await guarded(() =>
      gateway.startCheckout({
        checkoutId: id,
        customer,
        amountMinor: input.amountMinor,
        currency: 'USD',
        description: input.description,
        returnUrl: `${appUrl}/checkout/return?checkout=${id}`,
        cancelUrl: `${appUrl}/user/membership`,
        locale: input.locale,
      }),
    );
    await repo.setCheckoutRef(id, started.gatewayRef, started.redirectUrl ?? null);
    if (started.customerRef && started.customerRef !== customer.customerRef) await repo.upsertAccount(user.id, { gateway: gateway.id, customer_ref: started.customerRef }, now());
    if (started.widgetCheckoutId) return { kind: 'widget', checkoutId: started.widgetCheckoutId, scriptUrl: started.widgetScriptUrl!, checkout: id };
    return { kind: 'redirect', checkoutUrl: started.redirectUrl!, checkoutId: id };
  }

  /** Starts (or restarts) a subscription, paid now: new period, plan on the user, paid invoice. */
  async function activate(
    r: BillingRepo,
    input: { user: UserRow; plan: PlanRow; frequency: Frequency; seats: number; gateway: string; paymentRef: string; amountMinor: number } & (
      | { invoice: InvoiceRow }
      // No invoice yet: one is issued, naming the seller read before the transaction (invoiceSeller).
      | { invoice: null; seller: InvoiceParty }
    ),
  ) {
    const start = now();
    const subscription = await r.upsertSubscription(
      { user_id: input.user.id, plan_id: input.plan.id, frequency: input.frequency, seats: input.seats, gateway: input.gateway, current_period_start: start, current_period_end: addPeriod(start, input.frequency) },
      start,
    );
    await r.setUserPlan(input.user.id, input.plan.id, start);
    await syncSeats(r, input.user.id, paidSeats(subscription, input.plan));
    let invoice: InvoiceRow;
    if (input.invoice) {
      invoice = input.invoice;
      await r.markInvoicePaid(invoice.id, { paid_at: start, gateway: input.gateway, payment_ref: input.paymentRef });
      await r.db.updateTable('invoices').set({ subscription_id: subscription.id }).where('id', '=', invoice.id).execute();
      invoice = (await r.findInvoice(invoice.id))!;
    } else {
      invoice = await issueInvoice(r, {
        user: input.user,
        subscriptionId: subscription.id,
        plan: input.plan,
        kind: 'subscription',
        frequency: input.frequency,
        seats: input.seats,
        periodStart: subscription.current_period_start,
        periodEnd: subscription.current_period_end,
        amountMinor: input.amountMinor,
        status: 'paid',
        gateway: input.gateway,
        paymentRef: input.paymentRef,
        seller: input.seller,
      });
    }
    return { subscription, invoice };
  }

  /** Applies a paid checkout once; a replayed return or webhook finds it claimed and does nothing. */
  async function fulfil(checkout: CheckoutRow, outcome: Extract<CheckoutOutcome, { status: 'paid' }>) {
    const user = await repo.findUser(checkout.user_id);
    if (!user) return null;
    const seller = await invoiceSeller();
    const result = await inTransaction(deps.db, async (r) => {
      const claimed = await r.claimCheckout(checkout.id, now());
      if (!claimed) return null;
      if (outcome.card) await saveCardRow(r, user.id, checkout.gateway, outcome.card);
      if (outcome.customerRef) await r.upsertAccount(user.id, { gateway: checkout.gateway, customer_ref: outcome.customerRef }, now());
      if (checkout.purpose === 'subscribe' && checkout.plan_id) {
        const plan = await deps.plans.getById(checkout.plan_id);
        const { invoice } = await activate(r, {
          user,
          plan,
          frequency: checkout.frequency ?? 'monthly',
          seats: checkout.seats ?? 1,
          gateway: checkout.gateway,
          paymentRef: outcome.paymentRef,
          amountMinor: textToMinor(checkout.amount),
          invoice: null,
          seller,
        });
        return { invoice };
      }
      if (checkout.purpose === 'capture' && checkout.invoice_id) {
        const paid = await r.markInvoicePaid(checkout.invoice_id, { paid_at: now(), gateway: checkout.gateway, payment_ref: outcome.paymentRef });
        const invoice = (await r.findInvoice(checkout.invoice_id))!;
        if (paid) await reactivateAfterPayment(r, invoice);
        return { invoice: paid ? invoice : null };
      }
      if (checkout.purpose === 'authenticate') {
        const card = await r.findCard(user.id);
        if (card) await r.markCardVerified(user.id, card.token, now());
      }
      return { invoice: null };
    });
    if (result?.invoice) await mailInvoicePaid(user, result.invoice);
    return result;
  }

  function failureMessage(reason: string) {
    return reason === 'authentication_failed' ? 'billing.card_auth_failed' : reason === 'canceled' ? 'billing.payment_canceled' : reason === 'declined' ? 'billing.card_declined' : 'billing.card_not_authorized';
  }

  async function resolveCheckout(checkout: CheckoutRow, extra?: { resourcePath?: string }): Promise<CheckoutResult> {
    const purpose = checkout.purpose;
    const done = (): CheckoutResult => {
      if (purpose === 'authenticate') return { status: 'paid', purpose, message: 'billing.card_verified', params: {} };
      if (purpose === 'capture') return { status: 'paid', purpose, message: 'billing.invoice_paid', params: {} };
      return { status: 'paid', purpose, message: 'billing.subscribed', params: { plan: '' } };
    };
    if (checkout.status === 'completed') return withPlanName(done(), checkout);
    const outcome = await guarded(() => gatewayById(checkout.gateway).checkoutOutcome(checkout.gateway_ref!, extra));
    if (outcome.status === 'paid') {
      await fulfil(checkout, outcome);
      return withPlanName(done(), checkout);
    }
    if (outcome.status === 'open') return { status: 'open', purpose, message: 'billing.payment_pending', params: {} };
    await repo.failCheckout(checkout.id, outcome.reason);
    return { status: 'failed', purpose, reason: outcome.reason, message: failureMessage(outcome.reason), params: {}, checkoutUrl: checkout.redirect_url };
  }

  /** The plan's name in "Your subscription to … is active."; without a plan (since removed) the sentence without one. */
  async function withPlanName(result: CheckoutResult, checkout: CheckoutRow): Promise<CheckoutResult> {
    if (result.message !== 'billing.subscribed') return result;
    const plan = checkout.plan_id ? await deps.plans.getById(checkout.plan_id).catch(() => null) : null;
    return plan ? { ...result, localized: { plan: planName(plan) } } : { ...result, message: 'billing.subscribed_no_plan', params: {} };
  }

  /** POST /api/checkout-auth {session_id}: the shopper is back from a hosted checkout. */
  async function checkoutReturn(user: UserRow, sessionId: string): Promise<CheckoutResult> {
    const checkout = await repo.findCheckoutByAnyRef(sessionId);
    if (!checkout || checkout.user_id !== user.id) throw new NotFound('billing.checkout_unknown');
    return resolveCheckout(checkout);
  }

  /** POST /api/hyperpay-auth {id, path}. */
  async function hyperpayReturn(user: UserRow, input: { id: string; path: string }): Promise<CheckoutResult> {
    const checkout = await repo.findCheckoutByRef('hyperpay', input.id);
    if (!checkout || checkout.user_id !== user.id) throw new NotFound('billing.checkout_unknown');
    return resolveCheckout(checkout, { resourcePath: input.path });
  }

  /** Stripe webhooks: verified by the adapter; a replayed event id is acknowledged and ignored. */
  async function handleWebhook(gatewayId: 'stripe', rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const gateway = gatewayById(gatewayId);
    if (!gateway.parseWebhook) throw new NotFound();
    let event;
    try {
      event = gateway.parseWebhook(rawBody, headers);
    } catch (error) {
      logger.warn({ err: error }, 'webhook signature rejected');
      throw new AppError(400, 'validation.invalid', { attribute: 'signature' });
    }
    const seen = await repo.db.selectFrom('payment_events').select('event_id').where('gateway', '=', gatewayId).where('event_id', '=', event.id).executeTakeFirst();
    if (seen) return { received: true, duplicate: true };
    if (event.type === 'checkout.completed' || event.type === 'checkout.failed') {
      const checkout = await repo.findCheckoutByRef(gatewayId, event.gatewayRef);
      if (checkout) await resolveCheckout(checkout);
    }
    await repo.recordEvent(gatewayId, event.id, event.type === 'ignored' ? event.original : event.type, now());
    return { received: true, duplicate: false };
  }

  return { startCheckout, activate, checkoutReturn, hyperpayReturn, handleWebhook };
}
