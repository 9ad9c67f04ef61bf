import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DB, PlanRow, UserRow } from '../../db/schema';
import { ROLE } from '../../http/access';
import { Invalid } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import type { BillingMailData } from '../../mail/templates';
import type { MailService } from '../../mail/jobs';
import type { Gateways } from '../../payments/gateways';
import { GatewayUnavailable, PaymentsNotSetUp, type Customer, type PaymentGateway, type SavedCard } from '../../payments/types';
import type { FileStorage } from '../../storage/local';
import type { PlansService } from '../plans/service';
import { PaymentServiceUnavailable, PaymentsNotSetUpError, Refused } from './errors';
import { createBillingRepo, type BillingRepo } from './repo';
import type { CheckoutRow, Frequency, PaymentCardRow, SubscriptionRow } from '../../db/tables/billing';

// The billing module's shared part: constants, result types and the helpers every billing
// file uses (gateways, mail, seats). Internal to the module; callers use service.ts.

export const DAY_MS = 86_400_000;
/** The trial reminder goes out this many days before the trial ends (spec section 9). */
export const TRIAL_REMINDER_DAYS = 3;
/** "Expiring soon" warning on the membership screen. */
export const EXPIRING_SOON_DAYS = 7;
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

export interface BillingDeps {
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
  /** A site setting's stored value (the settings service; the invoice's seller). Without it, the environment's seller only. */
  setting?: (name: string) => Promise<string | undefined>;
  /** The plan and trial in force for a user, and who pays for them, as the entitlements module decides them. */
  entitlementsOf(user: UserRow): Promise<{ plan: PlanRow | null; trial: { endsAt: Date | null }; payer: { kind: 'self' | 'team_owner' | 'guest' } }>;
}

export type BillingContext = ReturnType<typeof createBillingContext>;

/** The helpers the billing files share, over one repo and one set of dependencies. */
export function createBillingContext(deps: BillingDeps) {
  const repo = createBillingRepo(deps.db);
  const { now, logger, config } = deps;
  const appUrl = config.appUrl;

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

  async function sendMail(user: UserRow, data: BillingMailData) {
    try {
      await deps.mail.send({ to: user.email, locale: user.locale, template: 'billing', data });
    } catch (error) {
      logger.error({ err: error, kind: data.kind, userId: user.id }, 'billing mail could not be queued');
    }
  }

  /** The one place the team's seat limit follows the subscription. */
  async function syncSeats(r: BillingRepo, userId: number, seats: number) {
    await deps.teamSeats?.(userId, seats, r.db);
  }

  async function saveCardRow(r: BillingRepo, userId: number, gateway: string, card: SavedCard) {
    await r.upsertCard(userId, { gateway, token: card.token, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, holder_name: card.holderName }, now());
  }

  /**
   * Who may buy, change, preview or resume a plan of their own: the one rule, here (the web's
   * twins are `isAdmin` / `plansPathFor` and `usesTeamPlan` in web/src/features/auth/roles.ts).
   * - An administrator's account buys no plan: its plan is given in the admin area (a grant).
   * - Someone whose plan a team owner pays for (entitlements' payer: a team's manager or member)
   *   works under the owner's plan: a plan of their own would be charged and change nothing they
   *   use (`resume`: their canceled subscription would renew again for it).
   * Refused with a 201 {status, message}. Paying an invoice already owed, canceling, the card and
   * the remembered choice (save-plan, which buys nothing) are not.
   */
  async function refusePlanPurchase(user: UserRow, action: 'buy' | 'resume' = 'buy') {
    if (user.role_id === ROLE.admin) throw new Refused('billing.admin_plan');
    if ((await deps.entitlementsOf(user)).payer.kind === 'team_owner') throw new Refused(action === 'resume' ? 'billing.team_member_resume' : 'billing.team_member_plan');
  }

  return { deps, repo, now, logger, config, appUrl, refusePlanPurchase, planOrInvalid, purchasablePlan, customerOf, savedCardOf, gatewayNow, gatewayById, guarded, planName, sendMail, syncSeats, saveCardRow };
}
