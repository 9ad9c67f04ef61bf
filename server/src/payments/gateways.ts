import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { createHyperPayGateway } from './hyperpay';
import { createSandboxGateway, type SandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';
import { GATEWAY_IDS, GatewayUnavailable, PaymentsNotSetUp, type GatewayId, type PaymentGateway } from './types';

/** What subscribing does now: a real gateway, the sandbox (test cards, no money), or nothing. */
export type PaymentsMode = 'live' | 'sandbox' | 'off';

/**
 * Picks the adapter named by the `payment_gateway` site setting (sandbox when unset or
 * unknown, if the sandbox is enabled: config.billing.sandbox). Stripe and HyperPay need their
 * keys in the environment; naming one without its keys makes payments fail with a clear log
 * line rather than fall back silently. With the sandbox off and no real gateway chosen,
 * payments are not set up (PaymentsNotSetUp).
 */
export function createGateways(deps: { config: Config; db: Kysely<DB>; setting: () => Promise<string | undefined>; overrides?: Partial<Record<GatewayId, PaymentGateway>> }) {
  const { stripe, hyperpay, sandbox: sandboxEnabled } = deps.config.billing;
  const sandbox = createSandboxGateway({ db: deps.db });
  const built = new Map<GatewayId, PaymentGateway>([['sandbox', sandbox]]);

  function byId(id: GatewayId): PaymentGateway {
    const override = deps.overrides?.[id];
    if (override) return override;
    if (id === 'sandbox' && !sandboxEnabled) throw new GatewayUnavailable('the sandbox gateway is off (production without PAYMENTS_SANDBOX=true)');
    const existing = built.get(id);
    if (existing) return existing;
    let gateway: PaymentGateway;
    if (id === 'stripe') {
      if (!stripe.secretKey) throw new GatewayUnavailable('payment_gateway is "stripe" but STRIPE_SECRET_KEY is not set');
      gateway = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl });
    } else {
      if (!hyperpay.accessToken || !hyperpay.entityId) throw new GatewayUnavailable('payment_gateway is "hyperpay" but HYPERPAY_ACCESS_TOKEN or HYPERPAY_ENTITY_ID is not set');
      gateway = createHyperPayGateway({ url: hyperpay.url, accessToken: hyperpay.accessToken, entityId: hyperpay.entityId });
    }
    built.set(id, gateway);
    return gateway;
  }

  return {
    sandbox: sandbox as SandboxGateway,
    byId,
    /** The gateway new checkouts use now. */
    async current(): Promise<PaymentGateway> {
      const name = (await deps.setting())?.trim().toLowerCase() as GatewayId | undefined;
      const id = name && GATEWAY_IDS.includes(name) ? name : 'sandbox';
      if (id === 'sandbox' && !sandboxEnabled && !deps.overrides?.sandbox) throw new PaymentsNotSetUp();
      return byId(id);
    },
    /** live, sandbox or off: for the checkout's test-mode notice and the admins' banner. */
    async mode(): Promise<PaymentsMode> {
      try {
        return (await this.current()).id === 'sandbox' ? 'sandbox' : 'live';
      } catch {
        return 'off';
      }
    },
    /** Whether the sandbox's own hosted checkout may be used. */
    sandboxEnabled: sandboxEnabled || Boolean(deps.overrides?.sandbox),
    /** The gateways the admin may choose: the sandbox (when enabled), and those whose keys are configured. */
    configured(): GatewayId[] {
      return GATEWAY_IDS.filter(
        (id) => (id === 'sandbox' ? sandboxEnabled : id === 'stripe' ? Boolean(stripe.secretKey) : Boolean(hyperpay.accessToken && hyperpay.entityId)) || Boolean(deps.overrides?.[id]),
      );
    },
    /** The origin HyperPay's widget script is served from (for the Content-Security-Policy). */
    hyperpayOrigin: new URL(hyperpay.url).origin,
  };
}

export type Gateways = ReturnType<typeof createGateways>;
