import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../db/schema';
import { Invalid } from '../../http/errors';
import { CardRejected, type CardInput } from '../../payments/types';
import type { BillingContext } from './context';
import { Refused } from './errors';

/** The saved card: replacing it (the gateway keeps the number, we keep its token) and its 3-D Secure check. */
export function createCards(ctx: BillingContext) {
  const { repo, now, appUrl, customerOf, savedCardOf, gatewayNow, gatewayById, guarded, saveCardRow } = ctx;

  return {
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
  };
}
