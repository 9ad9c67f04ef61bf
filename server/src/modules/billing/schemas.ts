import { z } from 'zod';
import { formNumber } from '../../http/validation';
import { cardBrand, cardDigits, cvvValid, expiryPassed, luhnValid, parseExpiry } from '../../payments/cards.fns';

const id = formNumber(z.number({ error: 'validation.invalid' }).int().positive());
const frequency = z.enum(['monthly', 'yearly'], { error: 'validation.enum' });

/** {plan_id, frequency, seats}; `plan` is accepted for plan_id (the spec's update-plan payload). */
export const planChoiceSchema = z.preprocess(
  (input) => {
    const body = (input ?? {}) as Record<string, unknown>;
    return { ...body, plan_id: body.plan_id ?? body.plan };
  },
  z.object({
    plan_id: id,
    frequency: frequency.default('monthly'),
    seats: formNumber(z.number().int().min(1).max(1000)).default(1),
  }),
);

export const checkoutAuthSchema = z.object({ session_id: z.string({ error: 'validation.required' }).trim().min(1).max(255) });

export const hyperpayAuthSchema = z.object({
  id: z.string({ error: 'validation.required' }).trim().min(1).max(64).regex(/^[\w.-]+$/),
  path: z.string({ error: 'validation.required' }).trim().min(1).max(255),
});

export const hyperpayCheckoutQuery = z.object({
  plan_id: id.optional(),
  frequency: frequency.optional(),
  seats: formNumber(z.number().int().min(1).max(1000)).optional(),
});

export const captureSchema = z.object({ invoice_id: id.optional(), token: z.string().optional() });

export const invoiceIdParams = z.object({ id });

/**
 * The billing card (spec section 5 messages). Card data passes through to the gateway and
 * is never stored; `now` decides whether the expiry has passed.
 */
export function cardSchema(now: () => Date) {
  const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });
  return z.preprocess(
    (input) => {
      const body = (input ?? {}) as Record<string, unknown>;
      const billing = (typeof body.billing === 'object' && body.billing ? body.billing : body) as Record<string, unknown>;
      return {
        card_name: billing.card_name ?? billing.name ?? billing.holder_name,
        card_number: billing.card_number ?? billing.number,
        expiry: billing.expiry ?? billing.exp,
        cvv: billing.cvv ?? billing.cvc,
      };
    },
    z
      .object({
        card_name: required('billing.card_name_required').pipe(z.string().max(120)),
        card_number: required('billing.card_number_required').refine((value) => luhnValid(value), { error: 'billing.card_number_invalid' }),
        expiry: required('billing.expiry_required')
          .refine((value) => parseExpiry(value) !== null, { error: 'billing.expiry_invalid', abort: true })
          .refine((value) => !expiryPassed(parseExpiry(value)!, now()), { error: 'billing.expiry_past' }),
        cvv: required('billing.cvv_required').refine((value) => /^\d{3,4}$/.test(value), { error: 'billing.cvv_invalid' }),
      })
      .superRefine((card, ctx) => {
        if (luhnValid(card.card_number) && /^\d{3,4}$/.test(card.cvv) && !cvvValid(card.cvv, cardBrand(card.card_number))) {
          ctx.addIssue({ code: 'custom', path: ['cvv'], message: 'billing.cvv_invalid' });
        }
      })
      .transform((card) => {
        const expiry = parseExpiry(card.expiry)!;
        return { holderName: card.card_name, number: cardDigits(card.card_number), expMonth: expiry.month, expYear: expiry.year, cvv: card.cvv };
      }),
  );
}

export const sandboxPaySchema = z.object({
  card_name: z.string().optional(),
  card_number: z.string().optional(),
  expiry: z.string().optional(),
  cvv: z.string().optional(),
});
