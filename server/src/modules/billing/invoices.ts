import type { PlanRow, UserRow } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { t, type Locale } from '../../i18n/messages';
import { logoStorageKey, readCompanyInfo, userFilesPrefix } from '../users/users.fns';
import { minorToText, textToMinor } from './billing.fns';
import { sellerParty } from './invoices.fns';
import type { BillingContext } from './context';
import type { BillingRepo } from './repo';
import type { Frequency, InvoiceKind, InvoiceLine, InvoiceParty, InvoiceRow } from '../../db/tables/billing';

export type Invoices = ReturnType<typeof createInvoices>;

/** Invoices: issuing (lines, parties, numbers from the repo), charging the saved card, the "paid" mail, listing. */
export function createInvoices(ctx: BillingContext) {
  const { deps, repo, now, logger, config, appUrl, customerOf, savedCardOf, gatewayById, guarded, planName, sendMail } = ctx;

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

  /**
   * The seller an invoice names, from the site settings (the environment's as the fallback). Read
   * before a transaction opens, never in one: the settings service reads with the database's own
   * connection, which on PGlite (one connection) waits for the open transaction, which waits for
   * it (a renewal sweep at start-up, its settings not yet cached, hung the process).
   */
  async function invoiceSeller(): Promise<InvoiceParty> {
    const setting = (name: string) => deps.setting?.(name) ?? Promise.resolve(undefined);
    const [name, nameAr, address, vatNumber] = await Promise.all(
      ['invoice_seller_name', 'invoice_seller_name_ar', 'invoice_seller_address', 'invoice_seller_vat_number'].map((key) => setting(key)),
    );
    return sellerParty({ name, nameAr, address, vatNumber }, { name: config.billing.sellerName, nameAr: config.billing.sellerNameAr, address: config.billing.sellerAddress });
  }

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
      /** invoiceSeller(), read before any transaction `r` belongs to. */
      seller: InvoiceParty;
    },
  ): Promise<InvoiceRow> {
    const issuedAt = now();
    // Issued paid: with the card it was paid with (see markInvoicePaid).
    const card = input.status === 'paid' && input.amountMinor > 0 ? await r.findCard(input.user.id) : null;
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
      seller: input.seller,
      locale: input.user.locale,
      status: input.status,
      issued_at: issuedAt,
      due_at: issuedAt,
      paid_at: input.status === 'paid' ? issuedAt : null,
      gateway: input.gateway,
      payment_ref: input.paymentRef,
      paid_card_brand: card?.brand ?? null,
      paid_card_last4: card?.last4 ?? null,
    };
    return input.kind === 'renewal' ? r.insertRenewalInvoiceOnce(values) : r.insertInvoice(values);
  }

  /**
   * The "invoice paid" mail, once per invoice whoever gets there first: overlapping sweeps, or a
   * webhook and the checkout's return, may all see the invoice paid. The claim is a row of
   * `billing_notices` (unique per user, kind and invoice), taken before the mail is queued.
   */
  async function mailInvoicePaid(user: UserRow, invoice: InvoiceRow) {
    if (!(await repo.markNotice(user.id, 'invoice_paid', String(invoice.id), now()))) return;
    const plan = invoice.plan_id ? await deps.plans.getById(invoice.plan_id).catch(() => null) : null;
    await sendMail(user, {
      kind: 'invoice_paid',
      name: user.name,
      params: { number: invoice.number, amount: Number(invoice.amount).toFixed(2) },
      ...(plan ? { localized: { plan: planName(plan) } } : {}),
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

  /** A paid overdue invoice puts its subscription back in good standing. */
  async function reactivateAfterPayment(r: BillingRepo, invoice: InvoiceRow) {
    if (!invoice.subscription_id) return;
    const subscription = await r.findSubscriptionById(invoice.subscription_id);
    if (subscription?.status === 'past_due') {
      const stillOwing = await r.pendingInvoice(invoice.user_id);
      if (!stillOwing) await r.updateSubscription(subscription.id, { status: 'active' }, now());
    }
  }

  async function listInvoices(user: UserRow) {
    return repo.listInvoices(user.id);
  }

  async function invoiceOf(user: UserRow, id: number) {
    const invoice = await repo.findInvoice(id);
    if (!invoice || invoice.user_id !== user.id) throw new NotFound();
    return invoice;
  }

  return {
    invoiceSeller,
    issueInvoice,
    mailInvoicePaid,
    chargeInvoice,
    reactivateAfterPayment,
    listInvoices,
    invoiceOf,
    /** Reads a stored file for the invoice PDF (the kept company logo). */
    readFile: (key: string) => deps.storage.get(key),
  };
}
