import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { createHyperPayGateway } from './hyperpay';
import { createSandboxGateway, type SandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';
import { GATEWAY_IDS, GatewayUnavailable, type GatewayId, type PaymentGateway } from './types';

/**
 * Picks the adapter named by the `payment_gateway` site setting (sandbox when unset or
 * unknown). Stripe and HyperPay need their keys in the environment; naming one without
 * its keys makes payments fail with a clear log line rather than fall back silently.
 */
export function createGateways(deps: { config: Config; db: Kysely<DB>; setting: () => Promise<string | undefined>; overrides?: Partial<Record<GatewayId, PaymentGateway>> }) {
  const { stripe, hyperpay } = deps.config.billing;
  const sandbox = createSandboxGateway({ db: deps.db });
  const built = new Map<GatewayId, PaymentGateway>([['sandbox', sandbox]]);

  function byId(id: GatewayId): PaymentGateway {
    const override = deps.overrides?.[id];
    if (override) return override;
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
      return byId(name && GATEWAY_IDS.includes(name) ? name : 'sandbox');
    },
    /** The gateways the admin may choose: the sandbox, and those whose keys are configured. */
    configured(): GatewayId[] {
      return GATEWAY_IDS.filter((id) => id === 'sandbox' || (id === 'stripe' ? Boolean(stripe.secretKey) : Boolean(hyperpay.accessToken && hyperpay.entityId)) || Boolean(deps.overrides?.[id]));
    },
    /** The origin HyperPay's widget script is served from (for the Content-Security-Policy). */
    hyperpayOrigin: new URL(hyperpay.url).origin,
  };
}

export type Gateways = ReturnType<typeof createGateways>;
