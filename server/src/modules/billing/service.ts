import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DB, PlanRow, UserRow } from '../../db/schema';
import { AppError, Invalid, NotFound } from '../../http/errors';
import { t, type Locale } from '../../i18n/messages';
import type { BillingMailData } from '../../mail/templates';
import { cancellationOf, planPreview, type PlanPreview } from './plan-changes';
import type { MailService } from '../../mail/jobs';
import type { Gateways } from '../../payments/gateways';
import { CardRejected, GatewayUnavailable, PaymentsNotSetUp, type CardInput, type CheckoutOutcome, type Customer, type PaymentGateway, type SavedCard } from '../../payments/types';
import type { FileStorage } from '../../storage/local';
import type { PlansService } from '../plans/service';
import { logoStorageKey, readCompanyInfo, userFilesPrefix } from '../users/users.fns';
import { addPeriod, daysLeft, minorToText, periodAmountMinor, planChange, replacementPlan, textToMinor } from './billing.fns';
import { PaymentServiceUnavailable, PaymentsNotSetUpError, Refused } from './errors';
import { revenueFigures } from './revenue';
import { createBillingRepo, inTransaction, type BillingRepo } from './repo';
import type { CheckoutRow, Frequency, InvoiceKind, InvoiceLine, InvoiceParty, InvoiceRow, PaymentCardRow, SubscriptionRow } from './tables';

const DAY_MS = 86_400_000;
/** The trial reminder goes out this many days before the trial ends (spec section 9). */
export const TRIAL_REMINDER_DAYS = 3;
/** "Expiring soon" warning on the membership screen. */
const EXPIRING_SOON_DAYS = 7;
/** `subscriptions.gateway` of a plan an admin granted: nothing charged, renewed free of charge. */
export const ADMIN_GRANT = 'admin';

/** The seats a subscription pays for: its seats on a team plan while it is live, one otherwise. */
export function paidSeats(subscription: Pick<SubscriptionRow, 'status' | 'seats'> | null | undefined, plan: Pick<PlanRow, 'is_team'> | null | undefined): number {
  return subscription && subscription.status !== 'ended' && plan?.is_team ? subscription.seats : 1;
}

export interface PlanChoice {
  plan_id: number;
  frequency: Frequency;
  seats: number;
}

export type SubscribeResult =
  | { kind: 'done'; message: string; params: Record<string, string | number | Date>; invoiceId: number | null }
  | { kind: 'redirect'; checkoutUrl: string; checkoutId: string }
  | { kind: 'widget'; checkoutId: string; scriptUrl: string; checkout: string };

export type CheckoutResult = (
  | { status: 'paid'; purpose: CheckoutRow['purpose']; message: string; params: Record<string, string | number> }
  | { status: 'open'; purpose: CheckoutRow['purpose']; message: string; params: Record<string, string | number> }
  | { status: 'failed'; purpose: CheckoutRow['purpose']; reason: string; message: string; params: Record<string, string | number>; checkoutUrl: string | null }
) & { localized?: Record<string, Record<Locale, string>> };

export function createBillingService(deps: {
  db: Kysely<DB>;
  plans: PlansService;
  gateways: Gateways;
  mail: MailService;
  config: Config;
  storage: FileStorage;
  now: () => Date;
  logger: Logger;
  /**
   * The teams module's hook (the container wires it): the seats a team owner pays for become
   * their team's seat limit. Called in the billing transaction, with its executor, whenever a
   * subscription starts, changes, renews, ends or is granted by an admin.
   */
  teamSeats?: (ownerId: number, seats: number, executor: Kysely<DB>) => Promise<unknown>;
}) {
  const repo = createBillingRepo(deps.db);
  const { now, logger, config } = deps;
  const appUrl = config.appUrl;

  // ---------------------------------------------------------------- helpers

  async function planOrInvalid(id: number): Promise<PlanRow> {
    try {
      return await deps.plans.getById(id);
    } catch {
      throw Invalid.field('plan_id', 'billing.plan_not_available');
    }
  }

  /** A plan a user may buy: active, not the trial, priced (enterprise is by quotation). */
  async function purchasablePlan(choice: PlanChoice): Promise<PlanRow> {
    const plan = await planOrInvalid(choice.plan_id);
    if (plan.archived_at) throw new Refused('billing.plan_not_available');
    if (plan.is_trial) throw new Refused('billing.plan_is_trial');
    if (Number(plan.price) <= 0 && Number(plan.price_yearly) <= 0) throw new Refused('billing.plan_by_quotation');
    if (choice.seats > 1 && !plan.is_team) throw Invalid.field('seats', 'billing.seats_team_only');
    return plan;
  }

  async function customerOf(user: UserRow, r: BillingRepo = repo): Promise<Customer> {
    const account = await r.findAccount(user.id);
    return { userId: user.id, email: user.email, name: user.name, customerRef: account?.customer_ref ?? null };
  }

  const savedCardOf = (card: PaymentCardRow): SavedCard => ({
    token: card.token,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    holderName: card.holder_name,
  });

  async function gatewayNow(): Promise<PaymentGateway> {
    try {
      return await deps.gateways.current();
    } catch (error) {
      if (error instanceof PaymentsNotSetUp) {
        logger.warn('a subscription was refused: payments are not set up');
        throw new PaymentsNotSetUpError();
      }
      logger.error({ err: error }, 'payment gateway unavailable');
      throw new PaymentServiceUnavailable();
    }
  }

  function gatewayById(id: string): PaymentGateway {
    try {
      return deps.gateways.byId(id as 'sandbox');
    } catch (error) {
      logger.error({ err: error, gateway: id }, 'payment gateway unavailable');
      throw new PaymentServiceUnavailable();
    }
  }

  async function guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof GatewayUnavailable) {
        logger.error({ err: error }, 'payment gateway call failed');
        throw new PaymentServiceUnavailable();
      }
      throw error;
    }
  }

  const planName = (plan: Pick<PlanRow, 'name_en' | 'name_ar'>) => ({ en: plan.name_en, ar: plan.name_ar });

  function line(kind: InvoiceKind, plan: PlanRow, frequency: Frequency, seats: number, amountMinor: number): InvoiceLine {
    const key = `billing.line.${kind}`;
    const text = (locale: Locale) => t(locale, key, { plan: locale === 'en' ? plan.name_en : plan.name_ar, frequency: t(locale, `billing.frequency.${frequency}`), count: seats });
    const quantity = kind === 'proration' ? 1 : seats;
    return {
      description_en: text('en'),
      description_ar: text('ar'),
      quantity,
      unit_amount: minorToText(Math.round(amountMinor / quantity)),
      amount: minorToText(amountMinor),
    };
  }

  /**
   * The customer as the invoice keeps them. The company logo is copied next to the user's
   * files, so replacing the logo later does not change an issued invoice.
   */
  async function customerParty(user: UserRow): Promise<InvoiceParty> {
    const company = readCompanyInfo(user.company_info);
    const extra = (user.company_info ?? {}) as Record<string, unknown>;
    let logoKey: string | null = null;
    if (company.logo) {
      const kept = `${userFilesPrefix(user.id)}invoice-logos/${company.logo}`;
      try {
        if (await deps.storage.get(kept)) logoKey = kept;
        else {
          const bytes = await deps.storage.get(logoStorageKey(company.logo));
          if (bytes) {
            await deps.storage.put(kept, bytes);
            logoKey = kept;
          }
        }
      } catch (error) {
        logger.warn({ err: error, userId: user.id }, 'company logo not copied to the invoice');
      }
    }
    return {
      name: user.name,
      email: user.email,
      company: company.name,
      address: company.address,
      tax_id: typeof extra.tax_id === 'string' ? extra.tax_id : '',
      logo_path: logoKey,
    };
  }

  const sellerParty = (): InvoiceParty => ({ name: config.billing.sellerName, address: config.billing.sellerAddress });

  async function issueInvoice(
    r: BillingRepo,
    input: {
      user: UserRow;
      subscriptionId: number | null;
      plan: PlanRow;
      kind: InvoiceKind;
      frequency: Frequency;
      seats: number;
      periodStart: Date;
      periodEnd: Date;
      amountMinor: number;
      status: 'open' | 'paid';
      gateway: string | null;
      paymentRef: string | null;
    },
  ): Promise<InvoiceRow> {
    const issuedAt = now();
    const values = {
      user_id: input.user.id,
      subscription_id: input.subscriptionId,
      plan_id: input.plan.id,
      kind: input.kind,
      frequency: input.frequency,
      seats: input.seats,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      amount: minorToText(input.amountMinor),
      lines: [line(input.kind, input.plan, input.frequency, input.seats, input.amountMinor)],
      customer: await customerParty(input.user),
      seller: sellerParty(),
      locale: input.user.locale,
      status: input.status,
      issued_at: issuedAt,
      due_at: issuedAt,
      paid_at: input.status === 'paid' ? issuedAt : null,
      gateway: input.gateway,
      payment_ref: input.paymentRef,
    };
    return input.kind === 'renewal' ? r.insertRenewalInvoiceOnce(values) : r.insertInvoice(values);
  }

  async function sendMail(user: UserRow, data: BillingMailData) {
    try {
      await deps.mail.send({ to: user.email, locale: user.locale, template: 'billing', data });
    } catch (error) {
      logger.error({ err: error, kind: data.kind, userId: user.id }, 'billing mail could not be queued');
    }
  }

  async function mailInvoicePaid(user: UserRow, invoice: InvoiceRow) {
    const plan = invoice.plan_id ? await deps.plans.getById(invoice.plan_id).catch(() => null) : null;
    await sendMail(user, {
      kind: 'invoice_paid',
      name: user.name,
      params: { number: invoice.number, amount: Number(invoice.amount).toFixed(2) },
      localized: { plan: plan ? planName(plan) : { en: '', ar: '' } },
      action: { url: `${appUrl}/user/payment-management`, label: 'invoices' },
      sandbox: invoice.gateway === 'sandbox',
    });
  }

  /**
   * Charges an invoice on the user's saved card. `retry` (a capture) uses a new idempotency
   * key; otherwise a re-run after a crash repeats the same request, which the gateway answers
   * the same way, so nobody is charged twice.
   */
  async function chargeInvoice(invoice: InvoiceRow, options: { retry: boolean }): Promise<{ ok: true; invoice: InvoiceRow } | { ok: false; message: string }> {
    const user = await repo.findUser(invoice.user_id);
    if (!user) return { ok: false, message: 'user gone' };
    const card = await repo.findCard(user.id);
    if (!card) {
      await repo.markInvoiceOverdue(invoice.id, now(), 'no card');
      return { ok: false, message: 'no card' };
    }
    const attempt = options.retry ? invoice.attempts + 1 : Math.max(invoice.attempts, 1);
    await repo.setInvoiceAttempt(invoice.id, attempt);
    const gateway = gatewayById(card.gateway);
    const customer = await customerOf(user);
    const outcome = await guarded(() =>
      gateway.chargeSavedCard({
        customer,
        card: savedCardOf(card),
        amountMinor: textToMinor(invoice.amount),
        currency: invoice.currency,
        description: `Lisan ${invoice.number}`,
        idempotencyKey: `${invoice.number}-${attempt}`,
      }),
    );
    if (outcome.status === 'succeeded') {
      await repo.markInvoicePaid(invoice.id, { paid_at: now(), gateway: gateway.id, payment_ref: outcome.paymentRef });
      return { ok: true, invoice: (await repo.findInvoice(invoice.id))! };
    }
    await repo.markInvoiceOverdue(invoice.id, now(), outcome.message);
    return { ok: false, message: outcome.message };
  }

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
    input: { user: UserRow; plan: PlanRow; frequency: Frequency; seats: number; gateway: string; paymentRef: string; amountMinor: number; invoice: InvoiceRow | null },
  ) {
    const start = now();
    const subscription = await r.upsertSubscription(
      { user_id: input.user.id, plan_id: input.plan.id, frequency: input.frequency, seats: input.seats, gateway: input.gateway, current_period_start: start, current_period_end: addPeriod(start, input.frequency) },
      start,
    );
    await r.setUserPlan(input.user.id, input.plan.id, start);
    await syncSeats(r, input.user.id, paidSeats(subscription, input.plan));
    let invoice = input.invoice;
    if (invoice) {
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
      });
    }
    return { subscription, invoice };
  }

  /** The one place the team's seat limit follows the subscription. */
  async function syncSeats(r: BillingRepo, userId: number, seats: number) {
    await deps.teamSeats?.(userId, seats, r.db);
  }

  async function saveCardRow(r: BillingRepo, userId: number, gateway: string, card: SavedCard) {
    await r.upsertCard(userId, { gateway, token: card.token, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, holder_name: card.holderName }, now());
  }

  /** Applies a paid checkout once; a replayed return or webhook finds it claimed and does nothing. */
  async function fulfil(checkout: CheckoutRow, outcome: Extract<CheckoutOutcome, { status: 'paid' }>) {
    const user = await repo.findUser(checkout.user_id);
    if (!user) return null;
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

  /** A paid overdue invoice puts its subscription back in good standing. */
  async function reactivateAfterPayment(r: BillingRepo, invoice: InvoiceRow) {
    if (!invoice.subscription_id) return;
    const subscription = await r.findSubscriptionById(invoice.subscription_id);
    if (subscription?.status === 'past_due') {
      const stillOwing = await r.pendingInvoice(invoice.user_id);
      if (!stillOwing) await r.updateSubscription(subscription.id, { status: 'active' }, now());
    }
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

  async function withPlanName(result: CheckoutResult, checkout: CheckoutRow): Promise<CheckoutResult> {
    if (result.message !== 'billing.subscribed' || !checkout.plan_id) return result;
    const plan = await deps.plans.getById(checkout.plan_id).catch(() => null);
    return { ...result, localized: { plan: plan ? planName(plan) : { en: '', ar: '' } } };
  }

  async function trialPlanIds() {
    return repo.trialPlanIds();
  }

  // ---------------------------------------------------------------- jobs

  /** Trial reminders (3 days before the end) and "trial expired" notices, each once per trial. */
  async function runTrialNotices() {
    const at = now();
    const ids = await trialPlanIds();
    let sent = 0;
    const ending = await repo.trialsEndingWithin(ids, at, new Date(at.getTime() + TRIAL_REMINDER_DAYS * DAY_MS));
    for (const user of ending) {
      const endsAt = new Date(user.trial_ends_at!);
      if (!(await repo.markNotice(user.id, 'trial_reminder', endsAt.toISOString(), at))) continue;
      sent += 1;
      await sendMail(user, {
        kind: 'trial_reminder',
        name: user.name,
        params: { count: Math.max(1, Math.ceil((endsAt.getTime() - at.getTime()) / DAY_MS)) },
        dates: { date: endsAt.toISOString() },
        action: { url: `${appUrl}/user/membership`, label: 'plans' },
      });
    }
    // Trials that ended in the last 30 days (older ones were told long ago, or predate this job).
    const ended = await repo.trialsEndedSince(ids, new Date(at.getTime() - 30 * DAY_MS), at);
    for (const user of ended) {
      if (!(await repo.markNotice(user.id, 'trial_expired', new Date(user.trial_ends_at!).toISOString(), at))) continue;
      sent += 1;
      await sendMail(user, { kind: 'trial_expired', name: user.name, params: {}, action: { url: `${appUrl}/user/membership`, label: 'plans' } });
    }
    return sent;
  }

  /**
   * Issues and charges the next period's invoice of every subscription whose period ended, then
   * charges the renewal invoices an earlier run issued but never charged: its process died
   * during the charge, or the gateway did not answer. Issuing the invoice and advancing the
   * period are one transaction, so the subscription is not due again; the open invoice is what
   * is left to settle. It is charged with the same idempotency key as the cut-off attempt, so a
   * charge the gateway did take is answered again, not taken twice.
   */
  async function runRenewals() {
    const at = now();
    let renewed = 0;
    const plans = await repo.allPlans();
    for (const subscription of await repo.dueForRenewal(at)) {
      try {
        if (await renewSubscription(subscription, plans)) renewed += 1;
      } catch (error) {
        logger.error({ err: error, subscriptionId: subscription.id }, 'renewal failed');
      }
    }
    for (const invoice of await repo.openRenewalInvoicesIssuedBefore(at)) {
      try {
        if (await resumeRenewal(invoice)) renewed += 1;
      } catch (error) {
        logger.error({ err: error, invoiceId: invoice.id }, 'renewal failed');
      }
    }
    return renewed;
  }

  async function resumeRenewal(invoice: InvoiceRow) {
    const user = await repo.findUser(invoice.user_id);
    const subscription = invoice.subscription_id === null ? undefined : await repo.findSubscriptionById(invoice.subscription_id);
    // Ended (overdue, canceled) or replaced since: nothing is owed for a period it will not have.
    if (!user || !subscription || subscription.status === 'ended') return false;
    logger.warn({ invoiceId: invoice.id, number: invoice.number, attempts: invoice.attempts }, 'renewal invoice left open by an earlier run: charging it now');
    await settleRenewal(invoice, subscription, user);
    return true;
  }

  /** Charges a just-issued (or resumed) renewal invoice; a failed charge makes the subscription past due. */
  async function settleRenewal(invoice: InvoiceRow, subscription: Pick<SubscriptionRow, 'id' | 'gateway'>, user: UserRow) {
    if (textToMinor(invoice.amount) === 0) {
      await repo.markInvoicePaid(invoice.id, { paid_at: now(), gateway: subscription.gateway, payment_ref: 'free' });
      return;
    }
    const charged = await chargeInvoice(invoice, { retry: false });
    if (charged.ok) {
      await mailInvoicePaid(user, charged.invoice);
    } else {
      await repo.updateSubscription(subscription.id, { status: 'past_due' }, now());
      await sendMail(user, {
        kind: 'payment_failed',
        name: user.name,
        params: { number: invoice.number, amount: Number(invoice.amount).toFixed(2), count: config.billing.graceDays },
        action: { url: `${appUrl}/user/payment-management`, label: 'pay' },
      });
    }
  }

  async function renewSubscription(subscription: SubscriptionRow, plans: PlanRow[]) {
    const user = await repo.findUser(subscription.user_id);
    if (!user) return false;
    if (subscription.cancel_at_period_end) return endCanceled(subscription, user, plans);
    let plan = plans.find((p) => p.id === (subscription.next_plan_id ?? subscription.plan_id));
    if (!plan) return false;
    if (plan.archived_at) plan = replacementPlan(plan, plans) ?? plan;
    const frequency = subscription.next_frequency ?? subscription.frequency;
    const seats = plan.is_team ? (subscription.next_seats ?? subscription.seats) : 1;
    const start = new Date(subscription.current_period_end);
    const end = addPeriod(start, frequency);
    if (subscription.gateway === ADMIN_GRANT) {
      // An admin's grant runs on, period after period, with no invoice, until someone changes it.
      await inTransaction(deps.db, async (r) => {
        if (!(await r.advanceSubscription(subscription.id, start, { plan_id: plan!.id, frequency, seats, current_period_start: start, current_period_end: end }, now()))) return;
        await r.setUserPlan(user.id, plan!.id, now());
        await syncSeats(r, user.id, seats);
      });
      return true;
    }
    const amountMinor = periodAmountMinor(plan, frequency, seats);
    const invoice = await inTransaction(deps.db, async (r) => {
      const issued = await issueInvoice(r, {
        user,
        subscriptionId: subscription.id,
        plan: plan!,
        kind: 'renewal',
        frequency,
        seats,
        periodStart: start,
        periodEnd: end,
        amountMinor,
        status: 'open',
        gateway: null,
        paymentRef: null,
      });
      await r.advanceSubscription(subscription.id, start, { plan_id: plan!.id, frequency, seats, current_period_start: start, current_period_end: end }, now());
      await r.setUserPlan(user.id, plan!.id, now());
      await syncSeats(r, user.id, seats);
      return issued;
    });
    if (invoice.status !== 'open') return true;
    await settleRenewal(invoice, subscription, user);
    return true;
  }

  /** A canceled subscription at the end of its paid period: it ends (no invoice), the account goes back to the ended trial, seats to one. */
  async function endCanceled(subscription: SubscriptionRow, user: UserRow, plans: PlanRow[]) {
    const [trialPlanId] = await trialPlanIds();
    if (trialPlanId === undefined) return false;
    const at = now();
    const ended = await inTransaction(deps.db, async (r) => {
      const fresh = await r.findSubscription(user.id);
      if (!fresh || fresh.id !== subscription.id || fresh.status === 'ended' || !fresh.cancel_at_period_end) return false;
      await r.updateSubscription(subscription.id, { status: 'ended', ended_at: at, end_reason: 'canceled', next_plan_id: null, next_frequency: null, next_seats: null }, at);
      await r.downgradeUserToTrial(user.id, trialPlanId, at);
      await syncSeats(r, user.id, 1);
      return true;
    });
    if (!ended) return false;
    const plan = plans.find((p) => p.id === subscription.plan_id);
    await sendMail(user, { kind: 'subscription_ended', name: user.name, params: {}, localized: { plan: plan ? planName(plan) : { en: '', ar: '' } }, action: { url: `${appUrl}/user/membership`, label: 'plans' } });
    return true;
  }

  /** Invoices overdue past the grace period: void them and downgrade the plan. */
  async function runOverdue() {
    const at = now();
    const before = new Date(at.getTime() - config.billing.graceDays * DAY_MS);
    let downgraded = 0;
    const [trialPlanId] = await trialPlanIds();
    for (const invoice of await repo.overdueSince(before)) {
      const user = await repo.findUser(invoice.user_id);
      if (!user || trialPlanId === undefined) continue;
      const plan = invoice.plan_id ? await deps.plans.getById(invoice.plan_id).catch(() => null) : null;
      const done = await inTransaction(deps.db, async (r) => {
        if (!(await r.voidInvoice(invoice.id, at, 'overdue past grace period'))) return false;
        const subscription = await r.findSubscription(user.id);
        if (subscription && subscription.status !== 'ended') {
          await r.updateSubscription(subscription.id, { status: 'ended', ended_at: at, end_reason: 'overdue', next_plan_id: null, next_frequency: null, next_seats: null }, at);
        }
        await r.downgradeUserToTrial(user.id, trialPlanId, at);
        await syncSeats(r, user.id, 1);
        return true;
      });
      if (!done) continue;
      downgraded += 1;
      await sendMail(user, {
        kind: 'plan_downgraded',
        name: user.name,
        params: { number: invoice.number },
        localized: { plan: plan ? planName(plan) : { en: '', ar: '' } },
        action: { url: `${appUrl}/user/membership`, label: 'plans' },
      });
    }
    return downgraded;
  }

  // ---------------------------------------------------------------- public

  return {
    /** The `plan` and trial fields GET /api/user adds to the profile. */
    /** `trialEndsAt`: the trial in force (the payer's, from the entitlements module). */
    async profileExtras(user: UserRow, plan: PlanRow, trialEndsAt: Date | null) {
      const [subscription, pending] = await Promise.all([repo.findSubscription(user.id), repo.pendingInvoice(user.id)]);
      const live = subscription && subscription.status !== 'ended' && subscription.plan_id === plan.id ? subscription : null;
      const onTrial = plan.is_trial;
      return {
        plan: {
          frequency: live?.frequency ?? null,
          seats: live?.seats ?? null,
          starts_at: live ? new Date(live.current_period_start).toISOString() : null,
          expires_at: live ? new Date(live.current_period_end).toISOString() : onTrial && trialEndsAt ? trialEndsAt.toISOString() : null,
          status: live?.status ?? (onTrial ? (trialEndsAt && trialEndsAt <= now() ? 'trial_expired' : 'trial') : 'none'),
        },
        trial_ends_at: onTrial && trialEndsAt ? trialEndsAt.toISOString() : null,
        trial_expired: Boolean(onTrial && trialEndsAt && trialEndsAt <= now()),
        pending_invoice: pending ? { id: pending.id, number: pending.number, amount: Number(pending.amount), status: pending.status } : null,
      };
    },

    /** GET /api/user/subscription (`data.data`). */
    async subscription(user: UserRow) {
      const [subscription, card, pending, account, gateway] = await Promise.all([
        repo.findSubscription(user.id),
        repo.findCard(user.id),
        repo.pendingInvoice(user.id),
        repo.findAccount(user.id),
        deps.gateways.current().then((g) => g.id).catch(() => null),
      ]);
      const currentPlan = user.plan_id ? await deps.plans.getById(user.plan_id).catch(() => null) : await deps.plans.getBySlug('free-trial').catch(() => null);
      const brief = (plan: PlanRow | null) =>
        plan && { id: plan.id, slug: plan.slug, name_en: plan.name_en, name_ar: plan.name_ar, price: Number(plan.price), price_yearly: Number(plan.price_yearly), is_team: plan.is_team, is_trial: plan.is_trial, archived: Boolean(plan.archived_at) };
      const live = subscription && subscription.status !== 'ended' ? subscription : null;
      const granted = live?.gateway === ADMIN_GRANT;
      const nextPlan = live?.next_plan_id ? await deps.plans.getById(live.next_plan_id).catch(() => null) : null;
      const trialEndsAt = user.trial_ends_at ? new Date(user.trial_ends_at) : null;
      const onTrial = Boolean(currentPlan?.is_trial);
      const at = now();
      const status = live ? live.status : onTrial ? (trialEndsAt && trialEndsAt <= at ? 'trial_expired' : 'trial') : 'none';
      const expiresAt = live ? new Date(live.current_period_end) : onTrial ? trialEndsAt : null;
      return {
        status,
        plan: brief(currentPlan),
        frequency: live?.frequency ?? null,
        seats: live?.seats ?? null,
        amount: live && currentPlan ? (granted ? 0 : Number(minorToText(periodAmountMinor(currentPlan, live.frequency, live.seats)))) : null,
        /** `admin`: granted by an administrator, nothing charged; `paid`: bought. */
        source: live ? (granted ? 'admin' : 'paid') : null,
        currency: 'USD',
        starts_at: live ? new Date(live.current_period_start).toISOString() : null,
        expires_at: expiresAt ? expiresAt.toISOString() : null,
        days_left: expiresAt ? daysLeft(expiresAt, at) : null,
        expiring_soon: Boolean(expiresAt && expiresAt > at && expiresAt.getTime() - at.getTime() <= (onTrial ? TRIAL_REMINDER_DAYS : EXPIRING_SOON_DAYS) * DAY_MS),
        /** Canceled at period end: the date it ends (no renewal); "resume" undoes it. */
        cancellation: live ? cancellationOf(live) : null,
        next_change: live?.next_plan_id
          ? { plan: brief(nextPlan), frequency: live.next_frequency ?? live.frequency, seats: live.next_seats ?? live.seats, starts_at: new Date(live.current_period_end).toISOString() }
          : null,
        trial: onTrial && trialEndsAt ? { ends_at: trialEndsAt.toISOString(), remaining_days: daysLeft(trialEndsAt, at), expired: trialEndsAt <= at } : null,
        card: card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, holder_name: card.holder_name, verified: Boolean(card.verified_at), gateway: card.gateway } : null,
        pending_invoice: pending ? { id: pending.id, number: pending.number, amount: Number(pending.amount), status: pending.status, overdue_since: pending.overdue_since ? new Date(pending.overdue_since).toISOString() : null } : null,
        downgraded: subscription?.status === 'ended' && subscription.end_reason === 'overdue' ? { at: new Date(subscription.ended_at!).toISOString() } : null,
        selected_plan: account?.selected_plan_id ? { plan_id: account.selected_plan_id, frequency: account.selected_frequency ?? 'monthly', seats: account.selected_seats ?? 1 } : null,
        gateway,
        /** live | sandbox (test cards: the checkout says so) | off (payments are not set up yet). */
        payments: gateway === null ? 'off' : gateway === 'sandbox' ? 'sandbox' : 'live',
        grace_days: config.billing.graceDays,
      };
    },

    /** POST /api/user/subscribe. */
    async subscribe(user: UserRow, choice: PlanChoice, locale: Locale): Promise<SubscribeResult> {
      const plan = await purchasablePlan(choice);
      const seats = plan.is_team ? choice.seats : 1;
      const subscription = await repo.findSubscription(user.id);
      // A plan an admin granted is replaced by the one bought (a new paid period from now).
      if (subscription && subscription.status !== 'ended' && subscription.gateway !== ADMIN_GRANT) {
        if (subscription.plan_id === plan.id && subscription.frequency === choice.frequency && subscription.seats === seats) throw new Refused('billing.already_subscribed');
        return this.updatePlan(user, { ...choice, seats });
      }
      await repo.upsertAccount(user.id, { selected_plan_id: plan.id, selected_frequency: choice.frequency, selected_seats: seats }, now());
      const amountMinor = periodAmountMinor(plan, choice.frequency, seats);
      const card = await repo.findCard(user.id);
      if (card) {
        // A saved card pays at once: issue, charge, activate.
        const start = now();
        const invoice = await issueInvoice(repo, {
          user,
          subscriptionId: null,
          plan,
          kind: 'subscription',
          frequency: choice.frequency,
          seats,
          periodStart: start,
          periodEnd: addPeriod(start, choice.frequency),
          amountMinor,
          status: 'open',
          gateway: card.gateway,
          paymentRef: null,
        });
        const charged = await chargeInvoice(invoice, { retry: false });
        if (!charged.ok) {
          await repo.voidInvoice(invoice.id, now(), charged.message);
          throw new Refused('billing.card_not_authorized');
        }
        const activated = await inTransaction(deps.db, (r) =>
          activate(r, { user, plan, frequency: choice.frequency, seats, gateway: card.gateway, paymentRef: charged.invoice.payment_ref ?? '', amountMinor, invoice: charged.invoice }),
        );
        await mailInvoicePaid(user, activated.invoice);
        return { kind: 'done', message: 'billing.subscribed', params: { plan: locale === 'en' ? plan.name_en : plan.name_ar }, invoiceId: activated.invoice.id };
      }
      const frequencyText = t(locale, `billing.frequency.${choice.frequency}`);
      const planText = locale === 'en' ? plan.name_en : plan.name_ar;
      return startCheckout(user, {
        purpose: 'subscribe',
        plan,
        frequency: choice.frequency,
        seats,
        invoice: null,
        amountMinor,
        description: t(locale, 'billing.line.subscription', { plan: planText, frequency: frequencyText, count: seats }),
        locale,
      });
    },

    /** POST /api/user/update-plan: upgrades now (prorated), downgrades at renewal. */
    async updatePlan(user: UserRow, choice: PlanChoice): Promise<SubscribeResult> {
      const subscription = await repo.findSubscription(user.id);
      if (!subscription || subscription.status === 'ended') throw new Refused('billing.no_subscription');
      if (subscription.status === 'past_due') throw new Refused('billing.overdue_notice');
      if (subscription.gateway === ADMIN_GRANT) return this.subscribe(user, choice, user.locale);
      const plan = await purchasablePlan(choice);
      const seats = plan.is_team ? choice.seats : 1;
      const locale = user.locale;
      const name = locale === 'en' ? plan.name_en : plan.name_ar;
      if (subscription.plan_id === plan.id && subscription.frequency === choice.frequency && subscription.seats === seats) {
        if (subscription.next_plan_id) {
          await repo.updateSubscription(subscription.id, { next_plan_id: null, next_frequency: null, next_seats: null }, now());
          return { kind: 'done', message: 'billing.plan_updated', params: { plan: name }, invoiceId: null };
        }
        throw new Refused('billing.plan_unchanged');
      }
      const current = await deps.plans.getById(subscription.plan_id);
      const at = now();
      const change = planChange({
        currentMinor: periodAmountMinor(current, subscription.frequency, subscription.seats),
        currentFrequency: subscription.frequency,
        nextMinor: periodAmountMinor(plan, choice.frequency, seats),
        nextFrequency: choice.frequency,
        periodStart: new Date(subscription.current_period_start),
        periodEnd: new Date(subscription.current_period_end),
        now: at,
      });
      if (change.kind === 'downgrade') {
        await repo.updateSubscription(subscription.id, { next_plan_id: plan.id, next_frequency: choice.frequency, next_seats: seats, cancel_at_period_end: false }, at);
        return { kind: 'done', message: 'billing.plan_change_scheduled', params: { plan: name, date: new Date(subscription.current_period_end) }, invoiceId: null };
      }
      const card = await repo.findCard(user.id);
      if (!card && change.chargeMinor > 0) throw new Refused('billing.card_not_authorized');
      const restart = change.kind === 'upgrade_restart';
      const periodStart = restart ? at : new Date(subscription.current_period_start);
      const periodEnd = restart ? addPeriod(at, choice.frequency) : new Date(subscription.current_period_end);
      let invoice: InvoiceRow | null = null;
      if (change.chargeMinor > 0) {
        invoice = await issueInvoice(repo, {
          user,
          subscriptionId: subscription.id,
          plan,
          kind: 'proration',
          frequency: choice.frequency,
          seats,
          periodStart: at,
          periodEnd,
          amountMinor: change.chargeMinor,
          status: 'open',
          gateway: card!.gateway,
          paymentRef: null,
        });
        const charged = await chargeInvoice(invoice, { retry: false });
        if (!charged.ok) {
          await repo.voidInvoice(invoice.id, now(), charged.message);
          throw new Refused('billing.card_not_authorized');
        }
        invoice = charged.invoice;
      }
      await inTransaction(deps.db, async (r) => {
        await r.updateSubscription(
          subscription.id,
          { plan_id: plan.id, frequency: choice.frequency, seats, current_period_start: periodStart, current_period_end: periodEnd, next_plan_id: null, next_frequency: null, next_seats: null, cancel_at_period_end: false },
          now(),
        );
        await r.setUserPlan(user.id, plan.id, now());
        await syncSeats(r, user.id, seats);
      });
      if (invoice) await mailInvoicePaid(user, invoice);
      return { kind: 'done', message: 'billing.plan_updated', params: { plan: name }, invoiceId: invoice?.id ?? null };
    },

    /** POST /api/user/plan-preview: what subscribe / update-plan would charge and change (plan-changes.ts). */
    async previewChange(user: UserRow, choice: PlanChoice): Promise<PlanPreview> {
      const plan = await purchasablePlan(choice);
      const subscription = await repo.findSubscription(user.id);
      const live = subscription && subscription.status !== 'ended' && subscription.gateway !== ADMIN_GRANT ? subscription : null;
      const currentPlan = user.plan_id ? await deps.plans.getById(user.plan_id).catch(() => null) : null;
      return planPreview({
        plan,
        frequency: choice.frequency,
        seats: plan.is_team ? choice.seats : 1,
        current: live ? { subscription: live, plan: await deps.plans.getById(live.plan_id) } : null,
        hasCard: Boolean(await repo.findCard(user.id)),
        trialEndsAt: currentPlan?.is_trial && user.trial_ends_at ? new Date(user.trial_ends_at) : null,
        now: now(),
      });
    },

    /** POST /api/user/subscription/cancel: no renewal; the plan (and its seats) stay until the paid period ends. */
    async cancelSubscription(user: UserRow) {
      const subscription = await repo.findSubscription(user.id);
      if (!subscription || subscription.status === 'ended' || subscription.gateway === ADMIN_GRANT) throw new Refused('billing.no_subscription');
      if (subscription.cancel_at_period_end) throw new Refused('billing.already_canceled');
      await repo.updateSubscription(subscription.id, { cancel_at_period_end: true, next_plan_id: null, next_frequency: null, next_seats: null }, now());
      const plan = await deps.plans.getById(subscription.plan_id);
      // The date in the reader's language (e-mail and answer alike), not ISO.
      const date = new Date(subscription.current_period_end);
      await sendMail(user, { kind: 'subscription_canceled', name: user.name, params: {}, dates: { date: date.toISOString() }, localized: { plan: planName(plan) }, action: { url: `${appUrl}/user/membership`, label: 'plans' } });
      return { message: 'billing.subscription_canceled', params: { date } };
    },

    /** POST /api/user/subscription/resume: undoes a cancellation before the period ends; renewal goes on as before. */
    async resumeSubscription(user: UserRow) {
      const subscription = await repo.findSubscription(user.id);
      if (!subscription || subscription.status === 'ended' || !subscription.cancel_at_period_end) throw new Refused('billing.not_canceled');
      await repo.updateSubscription(subscription.id, { cancel_at_period_end: false }, now());
      const plan = await deps.plans.getById(subscription.plan_id);
      // The date in the reader's language (e-mail and answer alike), not ISO.
      const date = new Date(subscription.current_period_end);
      await sendMail(user, { kind: 'subscription_resumed', name: user.name, params: {}, dates: { date: date.toISOString() }, localized: { plan: planName(plan) }, action: { url: `${appUrl}/user/membership`, label: 'plans' } });
      return { message: 'billing.subscription_resumed', params: { date } };
    },

    /** POST /api/user/save-plan: remembers the plan the user picked (pricing -> membership). */
    async savePlan(user: UserRow, choice: PlanChoice) {
      const plan = await planOrInvalid(choice.plan_id);
      if (plan.archived_at) throw new Refused('billing.plan_not_available');
      await repo.upsertAccount(user.id, { selected_plan_id: plan.id, selected_frequency: choice.frequency, selected_seats: plan.is_team ? choice.seats : 1 }, now());
      return { message: 'billing.plan_saved' };
    },

    /** POST /api/checkout-auth {session_id}: the shopper is back from a hosted checkout. */
    async checkoutReturn(user: UserRow, sessionId: string): Promise<CheckoutResult> {
      const checkout = await repo.findCheckoutByAnyRef(sessionId);
      if (!checkout || checkout.user_id !== user.id) throw new NotFound('billing.checkout_unknown');
      return resolveCheckout(checkout);
    },

    /** POST /api/hyperpay-auth {id, path}. */
    async hyperpayReturn(user: UserRow, input: { id: string; path: string }): Promise<CheckoutResult> {
      const checkout = await repo.findCheckoutByRef('hyperpay', input.id);
      if (!checkout || checkout.user_id !== user.id) throw new NotFound('billing.checkout_unknown');
      return resolveCheckout(checkout, { resourcePath: input.path });
    },

    /** GET /api/hyperpay/checkout: a COPYandPAY checkout for the chosen plan, or for the invoice owed. */
    async hyperpayCheckout(user: UserRow, query: Partial<PlanChoice>, locale: Locale) {
      const pending = await repo.pendingInvoice(user.id);
      let result: SubscribeResult;
      if (!query.plan_id && pending) {
        result = await startCheckout(user, { purpose: 'capture', plan: null, frequency: null, seats: null, invoice: pending, amountMinor: textToMinor(pending.amount), description: `Lisan ${pending.number}`, locale });
      } else {
        const account = await repo.findAccount(user.id);
        const planId = query.plan_id ?? account?.selected_plan_id;
        if (!planId) throw Invalid.field('plan_id', 'validation.required', { attribute: 'plan_id' });
        result = await this.subscribe(user, { plan_id: planId, frequency: query.frequency ?? account?.selected_frequency ?? 'monthly', seats: query.seats ?? account?.selected_seats ?? 1 }, locale);
      }
      if (result.kind !== 'widget') throw new Refused('billing.gateway_unavailable');
      return result;
    },

    /** POST /api/user/pending-invoice/capture: pays the invoice owed with the saved card. */
    async capturePendingInvoice(user: UserRow, invoiceId: number | undefined, locale: Locale): Promise<SubscribeResult> {
      const invoice = invoiceId ? await repo.findInvoice(invoiceId) : await repo.pendingInvoice(user.id);
      if (!invoice || invoice.user_id !== user.id || (invoice.status !== 'overdue' && invoice.status !== 'open')) throw new Refused('billing.no_pending_invoice');
      const card = await repo.findCard(user.id);
      if (!card) {
        return startCheckout(user, { purpose: 'capture', plan: null, frequency: null, seats: null, invoice, amountMinor: textToMinor(invoice.amount), description: `Lisan ${invoice.number}`, locale });
      }
      const charged = await chargeInvoice(invoice, { retry: true });
      if (!charged.ok) throw new Refused('billing.card_not_authorized');
      await inTransaction(deps.db, (r) => reactivateAfterPayment(r, charged.invoice));
      await mailInvoicePaid(user, charged.invoice);
      return { kind: 'done', message: 'billing.invoice_paid', params: {}, invoiceId: invoice.id };
    },

    /** POST /api/user/update-billing: the card goes to the gateway; we keep its token only. */
    async updateBillingCard(user: UserRow, input: CardInput) {
      const gateway = await gatewayNow();
      const customer = await customerOf(user);
      try {
        const saved = await guarded(() => gateway.saveCard(customer, input));
        await saveCardRow(repo, user.id, gateway.id, saved.card);
        if (saved.customerRef) await repo.upsertAccount(user.id, { gateway: gateway.id, customer_ref: saved.customerRef }, now());
        const card = (await repo.findCard(user.id))!;
        return { message: 'billing.card_saved', card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, holder_name: card.holder_name } };
      } catch (error) {
        if (error instanceof CardRejected) {
          throw Invalid.field('card_number', error.reason === 'authentication_failed' ? 'billing.card_auth_failed' : 'billing.card_declined');
        }
        throw error;
      }
    },

    /** POST /api/test3d: a 3-D Secure check of the saved card. */
    async authenticateCard(user: UserRow) {
      const card = await repo.findCard(user.id);
      if (!card) throw new Refused('billing.no_card');
      const gateway = gatewayById(card.gateway);
      const customer = await customerOf(user);
      const id = randomUUID();
      const outcome = await guarded(() => gateway.authenticateCard(customer, savedCardOf(card), `${appUrl}/checkout/return?checkout=${id}`));
      if (outcome.status === 'succeeded') {
        await repo.markCardVerified(user.id, card.token, now());
        return { status: 'succeeded' as const, message: 'billing.card_verified' };
      }
      if (outcome.status === 'failed') throw new Refused('billing.card_auth_failed');
      await repo.insertCheckout({ id, user_id: user.id, gateway: gateway.id, purpose: 'authenticate', plan_id: null, frequency: null, seats: null, invoice_id: null, amount: '0', description: '3-D Secure', created_at: now() });
      await repo.setCheckoutRef(id, outcome.ref, outcome.url);
      return { status: 'redirect' as const, redirect_url: outcome.url };
    },

    async listInvoices(user: UserRow) {
      return repo.listInvoices(user.id);
    },

    async invoiceOf(user: UserRow, id: number) {
      const invoice = await repo.findInvoice(id);
      if (!invoice || invoice.user_id !== user.id) throw new NotFound();
      return invoice;
    },

    /** Stripe webhooks: verified by the adapter; a replayed event id is acknowledged and ignored. */
    async handleWebhook(gatewayId: 'stripe', rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
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
    },

    /**
     * POST /api/admin/user-plan: an admin puts a user on a plan without a charge. A paid plan
     * becomes an admin-granted subscription (gateway `admin`, monthly periods renewed free,
     * seats as given, or the current team seats, or the plan's included seats); the trial, if
     * still running, ends; open or overdue invoices are voided. The trial plan ends any
     * subscription and keeps `trial_ends_at` (add trial days separately). Returns the
     * subscription before and after, for the audit log.
     */
    async grantPlan(user: UserRow, input: { plan: PlanRow; seats?: number }) {
      const { plan } = input;
      const at = now();
      const summary = (row: SubscriptionRow | undefined | null) =>
        row && row.status !== 'ended'
          ? { plan_id: row.plan_id, status: row.status, frequency: row.frequency, seats: row.seats, source: row.gateway === ADMIN_GRANT ? 'admin' : 'paid', period_end: new Date(row.current_period_end).toISOString() }
          : null;
      return inTransaction(deps.db, async (r) => {
        const before = await r.findSubscription(user.id);
        const live = before && before.status !== 'ended' ? before : null;
        if (plan.is_trial) {
          if (live) await r.updateSubscription(live.id, { status: 'ended', ended_at: at, end_reason: 'admin', next_plan_id: null, next_frequency: null, next_seats: null }, at);
          await r.setUserPlan(user.id, plan.id, at);
          await syncSeats(r, user.id, 1);
          return { before: summary(before), after: null };
        }
        const seats = plan.is_team ? (input.seats ?? (live && live.seats > 1 ? live.seats : plan.included_seats)) : 1;
        const granted = await r.upsertSubscription(
          { user_id: user.id, plan_id: plan.id, frequency: 'monthly', seats, gateway: ADMIN_GRANT, current_period_start: at, current_period_end: addPeriod(at, 'monthly') },
          at,
        );
        await r.voidPendingInvoices(user.id, at, 'replaced by an admin grant');
        await r.grantUserPlan(user.id, plan.id, at);
        await syncSeats(r, user.id, paidSeats(granted, plan));
        return { before: summary(before), after: summary(granted) };
      });
    },

    /** The seats the user pays for (null without any subscription): sizes a new team. */
    async paidSeats(userId: number): Promise<number | null> {
      const subscription = await repo.findSubscription(userId);
      if (!subscription) return null;
      const plan = await deps.plans.getById(subscription.plan_id).catch(() => null);
      return paidSeats(subscription, plan);
    },

    /** Plans some user or subscription still uses (admin delete archives those). */
    planIdsInUse: () => repo.planIdsInUse(),

    runTrialNotices,
    runRenewals,
    runOverdue,
    /** The scheduled job: trial notices, renewals, then overdue downgrades. */
    async sweep() {
      const notices = await runTrialNotices();
      const renewals = await runRenewals();
      const downgrades = await runOverdue();
      return { notices, renewals, downgrades };
    },

    /** Reads a stored file for the invoice PDF (the kept company logo). */
    readFile: (key: string) => deps.storage.get(key),

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
