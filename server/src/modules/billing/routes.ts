import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  cardCheck,
  cardSaved,
  checkoutAnswer,
  hyperpayWidget,
  invoiceList,
  planPreviewAnswer,
  refusal,
  refusalMessage,
  sandboxPaid,
  sandboxSessionAnswer,
  subscribed,
  subscriptionAnswer,
  webhookReceived,
} from '../../../../contract/billing';
import { statusMessage } from '../../../../contract/common';
import { planById } from '../../../../contract/plans';
import { requireActor } from '../../http/access';
import { AppError, Invalid, NotFound } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import { answers, file, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t, type Locale } from '../../i18n/messages';
import type { Container } from '../../container';
import { toPublicPlan } from '../plans/plans.fns';
import { renderInvoicePdf } from './invoice-pdf';
import { CardDeclined, PaymentsNotSetUpError, Refused } from './errors';
import {
  captureSchema,
  cardSchema,
  checkoutAuthSchema,
  hyperpayAuthSchema,
  hyperpayCheckoutQuery,
  invoiceIdParams,
  planChoiceSchema,
  sandboxPaySchema,
} from './schemas';
import type { CheckoutResult, SubscribeResult } from './service';
import { toInvoiceJson } from './invoices.fns';

type Deps = Pick<Container, 'billing' | 'plans' | 'config' | 'now'>;

/** The reply of subscribe-like calls (spec section 4): 200 with a message or a checkout to go to. */
function subscribeReply(result: SubscribeResult, locale: Locale) {
  if (result.kind === 'redirect') return { status: 200, checkout_url: result.checkoutUrl };
  if (result.kind === 'widget') return { status: 200, checkout_id: result.checkoutId, script_url: result.scriptUrl };
  return { status: 200, message: t(locale, result.message, result.params), invoice_id: result.invoiceId };
}

function checkoutReply(result: CheckoutResult, locale: Locale) {
  const params = { ...result.params };
  for (const [name, value] of Object.entries(result.localized ?? {})) params[name] = value[locale];
  const base = { status: result.status, purpose: result.purpose, message: t(locale, result.message, params) };
  if (result.status !== 'failed') return base;
  return {
    ...base,
    reason: result.reason,
    hint: t(locale, 'billing.try_another_card'),
    back_to_checkout: t(locale, 'billing.back_to_checkout'),
    checkout_url: result.checkoutUrl,
  };
}

/**
 * Errors of subscribe, update-plan and capture also carry `error_codes` (the client shows
 * the first of them for any status but 200 and 201). A refusal answers 201 {status, message};
 * errors that are not ours fall through to the app's error handler.
 */
function withErrorCodes(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AppError)) throw error;
  const locale = resolveLocale(request);
  if (error instanceof Refused) return reply.code(201).send({ status: 201, message: t(locale, error.message, error.params) });
  if (error instanceof Invalid) {
    const errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, list]) => [field, list.map((item) => (typeof item === 'string' ? t(locale, item) : t(locale, item.key, item.params)))]),
    );
    const codes = Object.values(errors).flat();
    return reply.code(422).send({ message: codes[0] ?? t(locale, error.message), errors, error_codes: codes });
  }
  const message = t(locale, error.message, error.params);
  return reply.code(error.status).send({ message, error_codes: [message] });
}

export function billingRoutes(app: App, deps: Deps) {
  const { billing } = deps;
  const config = { access: 'verified' as const };
  // A refusal (Refused) is a 201: {status, message} from the subscribe-like calls, whose errors
  // carry error_codes (withErrorCodes); {message} alone from the app's error handler elsewhere.
  const withCodes = { config, errorHandler: withErrorCodes };

  app.get('/api/user/subscription', { config, schema: answers(subscriptionAnswer) }, async (request) => {
    return { data: { data: await billing.subscription(requireActor(request).user) } };
  });

  app.post('/api/user/subscribe', { ...withCodes, schema: answers({ 200: subscribed, 201: refusal }) }, async (request) => {
    const locale = resolveLocale(request);
    return subscribeReply(await billing.subscribe(requireActor(request).user, parseInput(planChoiceSchema, request.body), locale), locale);
  });

  app.post('/api/user/update-plan', { ...withCodes, schema: answers({ 200: subscribed, 201: refusal }) }, async (request) => {
    const locale = resolveLocale(request);
    return subscribeReply(await billing.updatePlan(requireActor(request).user, parseInput(planChoiceSchema, request.body), locale), locale);
  });

  // Before any charge: what a plan change costs now and later (the membership screen confirms with it).
  app.post('/api/user/plan-preview', { ...withCodes, schema: answers({ 200: planPreviewAnswer, 201: refusal }) }, async (request) => ({
    data: await billing.previewChange(requireActor(request).user, parseInput(planChoiceSchema, request.body)),
  }));

  app.post('/api/user/subscription/cancel', { ...withCodes, schema: answers({ 200: statusMessage, 201: refusal }) }, async (request) => {
    const result = await billing.cancelSubscription(requireActor(request).user);
    return { status: 200, message: t(resolveLocale(request), result.message, result.params) };
  });

  app.post('/api/user/subscription/resume', { ...withCodes, schema: answers({ 200: statusMessage, 201: refusal }) }, async (request) => {
    const result = await billing.resumeSubscription(requireActor(request).user);
    return { status: 200, message: t(resolveLocale(request), result.message, result.params) };
  });

  app.post('/api/user/save-plan', { config, schema: answers({ 200: statusMessage, 201: refusalMessage }) }, async (request) => {
    const result = await billing.savePlan(requireActor(request).user, parseInput(planChoiceSchema, request.body));
    return { status: 200, message: t(resolveLocale(request), result.message) };
  });

  app.post('/api/user/pending-invoice/capture', { ...withCodes, schema: answers({ 200: subscribed, 201: refusal }) }, async (request) => {
    const locale = resolveLocale(request);
    const input = parseInput(captureSchema, request.body);
    return subscribeReply(await billing.capturePendingInvoice(requireActor(request).user, input.invoice_id, locale), locale);
  });

  app.post('/api/checkout-auth', { config, schema: answers(checkoutAnswer) }, async (request) => {
    const { session_id } = parseInput(checkoutAuthSchema, request.body);
    return checkoutReply(await billing.checkoutReturn(requireActor(request).user, session_id), resolveLocale(request));
  });

  app.get('/api/hyperpay/checkout', { ...withCodes, schema: answers({ 200: hyperpayWidget, 201: refusal }) }, async (request) => {
    const locale = resolveLocale(request);
    const query = parseInput(hyperpayCheckoutQuery, request.query);
    const result = await billing.hyperpayCheckout(requireActor(request).user, query, locale);
    return { status: 200, checkout_id: result.checkoutId, script_url: result.scriptUrl };
  });

  app.post('/api/hyperpay-auth', { config, schema: answers(checkoutAnswer) }, async (request) => {
    const input = parseInput(hyperpayAuthSchema, request.body);
    return checkoutReply(await billing.hyperpayReturn(requireActor(request).user, input), resolveLocale(request));
  });

  app.post('/api/user/update-billing', { config, schema: answers(cardSaved) }, async (request) => {
    const card = parseInput(cardSchema(deps.now), request.body);
    const result = await billing.updateBillingCard(requireActor(request).user, card);
    return { status: 200, message: t(resolveLocale(request), result.message), card: result.card };
  });

  app.post('/api/test3d', { config, schema: answers({ 200: cardCheck, 201: refusalMessage }) }, async (request) => {
    const result = await billing.authenticateCard(requireActor(request).user);
    if (result.status === 'redirect') return { status: 200, redirect_url: result.redirect_url };
    return { status: 200, message: t(resolveLocale(request), result.message) };
  });

  app.get('/api/user/invoices', { config, schema: answers(invoiceList) }, async (request) => {
    const invoices = await billing.listInvoices(requireActor(request).user);
    return { data: invoices.map(toInvoiceJson) };
  });

  app.get('/api/user/invoices/:id/download', { config, schema: answers(file('application/pdf', 'The invoice as PDF.')) }, async (request, reply) => {
    const { id } = parseInput(invoiceIdParams, request.params);
    const invoice = await billing.invoiceOf(requireActor(request).user, id);
    // The PDF speaks the language the user reads the invoice list in (the header's switch
    // also saves it to the account, which the billing e-mails follow).
    const pdf = await renderInvoicePdf(invoice, { readFile: billing.readFile, locale: resolveLocale(request) });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  /** A plan by id, archived ones included (a subscriber's plan stays readable). */
  app.get('/api/user/plans/:id', { config, schema: answers(planById) }, async (request) => {
    const { id } = parseInput(invoiceIdParams, request.params);
    return { data: toPublicPlan(await deps.plans.getById(id)) };
  });

  // The sandbox gateway's hosted checkout (the page is web/src/features/billing).
  app.get('/api/sandbox/checkout/:id', { schema: answers({ 200: sandboxSessionAnswer, 201: refusalMessage }) }, async (request) => {
    if (!billing.sandboxEnabled) throw new PaymentsNotSetUpError();
    const { id } = request.params as { id: string };
    const session = await billing.sandbox.session(id);
    if (!session) throw new Refused('billing.checkout_unknown');
    return {
      data: {
        id: session.id,
        mode: session.mode,
        amount: session.amount_minor / 100,
        currency: session.currency,
        description: session.description,
        status: session.status,
        last_failure: session.last_failure,
        cancel_url: session.cancel_url,
      },
    };
  });

  app.post('/api/sandbox/checkout/:id/pay', { schema: answers(sandboxPaid) }, async (request) => {
    if (!billing.sandboxEnabled) throw new PaymentsNotSetUpError();
    const { id } = request.params as { id: string };
    const session = await billing.sandbox.session(id);
    if (!session) throw new NotFound('billing.checkout_unknown');
    let card = null;
    if (session.mode === 'payment') card = parseInput(cardSchema(deps.now), parseInput(sandboxPaySchema, request.body));
    const result = await billing.sandbox.pay(id, card);
    if (result.status === 'declined') throw new CardDeclined();
    return { status: 200, redirect_url: result.url };
  });

  // Stripe webhooks: signed, so no CSRF token; the raw body is needed for the signature.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', { config: { csrf: false }, schema: answers(webhookReceived) }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(JSON.stringify(request.body ?? {}));
      return billing.handleWebhook('stripe', raw, request.headers);
    });
  });
}
