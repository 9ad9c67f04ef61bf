import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { Subscription } from './billing-types';
import { luhnValid, parseExpiry } from '../../../../server/src/payments/cards.fns';
import { confirmChoosesSeats, confirmShowsSeats, confirmTitleKey, formatCardNumber, formatExpiry, hasSeatsForm, membershipNotices, paymentBlock, pickedPlanId, previewIntent, seatsIntent, statusBadge, subscribeErrorMessage, subscribeOutcome, validateCard } from './billing.fns';

const now = new Date('2026-05-15T00:00:00Z');

/** A paid subscriber on a live gateway, for the membership rules. */
const base: Subscription = {
  status: 'active', plan: null, frequency: 'monthly', seats: 1, amount: 9, source: 'paid', currency: 'USD', starts_at: null, expires_at: null, days_left: 20, expiring_soon: false,
  cancellation: null, next_change: null, trial: null, card: null, pending_invoice: null, downgraded: null, selected_plan: null, gateway: 'stripe', payments: 'live', grace_days: 14,
};

describe('card checks', () => {
  it('runs the Luhn check and reads MM/YY expiries', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
    expect(parseExpiry('05/26')).toEqual({ month: 5, year: 2026 });
    expect(parseExpiry('13/26')).toBeNull();
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
  });

  it('gives the spec message keys for empty fields, then format, expiry and CVV problems', () => {
    expect(validateCard({ card_name: ' ', card_number: '', expiry: '', cvv: '' }, now)).toEqual({
      card_name: 'card.errors.nameRequired',
      card_number: 'card.errors.numberRequired',
      expiry: 'card.errors.expiryRequired',
      cvv: 'card.errors.cvvRequired',
    });
    expect(validateCard({ card_name: 'A', card_number: '4242 4242 4242 4241', expiry: '04/26', cvv: '12' }, now)).toEqual({
      card_number: 'card.errors.numberInvalid',
      expiry: 'card.errors.expiryPast',
      cvv: 'card.errors.cvvInvalid',
    });
    expect(validateCard({ card_name: 'A', card_number: '4242424242424242', expiry: '05/26', cvv: '123' }, now)).toEqual({});
  });

  it('asks what the server asks: four CVV digits for American Express, expiry by the UTC month', () => {
    expect(validateCard({ card_name: 'A', card_number: '3782 822463 10005', expiry: '05/26', cvv: '123' }, now)).toEqual({ cvv: 'card.errors.cvvInvalid' });
    expect(validateCard({ card_name: 'A', card_number: '3782 822463 10005', expiry: '05/26', cvv: '1234' }, now)).toEqual({});
    // 1 June 00:30 in UTC is still 31 May west of Greenwich; the server (UTC) says May has passed.
    expect(validateCard({ card_name: 'A', card_number: '4242424242424242', expiry: '05/26', cvv: '123' }, new Date('2026-06-01T00:30:00Z'))).toEqual({ expiry: 'card.errors.expiryPast' });
  });
});

describe('subscribe answers (spec section 4)', () => {
  it('goes to a hosted checkout, shows success for 200 and the message for 201', () => {
    expect(subscribeOutcome({ status: 200, checkout_url: '/sandbox/checkout/x' }, 'ok')).toEqual({ kind: 'redirect', url: '/sandbox/checkout/x' });
    expect(subscribeOutcome({ status: 200, checkout_id: 'ABC', script_url: 'https://h/v1/paymentWidgets.js?checkoutId=ABC' }, 'ok').kind).toBe('widget');
    expect(subscribeOutcome({ status: 200, message: 'Your subscription to Pro is active.' }, 'ok')).toEqual({ kind: 'success', message: 'Your subscription to Pro is active.' });
    expect(subscribeOutcome({ status: 201, message: 'You are already subscribed to this plan.' }, 'ok')).toEqual({ kind: 'refused', message: 'You are already subscribed to this plan.' });
  });

  it('shows the first of error_codes for any other status', () => {
    const error = new ApiError({ status: 503, body: { message: 'Unavailable', error_codes: ['The payment service is unavailable.', 'x'] } });
    expect(subscribeErrorMessage(error)).toBe('The payment service is unavailable.');
    expect(subscribeErrorMessage(new ApiError({ status: 500, body: { message: 'Whoops' } }))).toBe('Whoops');
  });
});

describe('membership notices', () => {

  it('puts an overdue invoice (pay now) first', () => {
    const notices = membershipNotices({ ...base, status: 'past_due', pending_invoice: { id: 1, number: 'INV-000001', amount: 9, status: 'overdue', overdue_since: null } });
    expect(notices[0]).toMatchObject({ key: 'notices.overdue', action: 'payNow', tone: 'error' });
  });

  it('while payments are not set up, says an overdue invoice cannot be paid online and offers contact us, not pay now', () => {
    const overdue = { id: 1, number: 'INV-000001', amount: 9, status: 'overdue', overdue_since: null } as const;
    const notices = membershipNotices({ ...base, status: 'past_due', gateway: null, payments: 'off', pending_invoice: overdue });
    expect(notices.map((n) => n.key)).toEqual(['notices.overduePaymentsOff', 'notices.paymentsOff']);
    expect(notices[0]).toMatchObject({ tone: 'error', action: 'contactUs' });
  });

  it('while payments are not set up, does not ask for a card to renew a plan expiring soon: contact us instead', () => {
    const expiring = { ...base, status: 'active', source: 'paid', expiring_soon: true, days_left: 5, card: null } as const;
    expect(membershipNotices({ ...expiring, payments: 'sandbox' })[0]).toEqual({ tone: 'warning', key: 'notices.expiringSoon', values: { count: 5 }, action: 'addCard' });
    expect(membershipNotices({ ...expiring, gateway: null, payments: 'off' })).toEqual([
      { tone: 'warning', key: 'notices.expiringSoonPaymentsOff', values: { count: 5 }, action: 'contactUs' },
      { tone: 'warning', key: 'notices.paymentsOff' },
    ]);
  });

  it('warns of a trial ending soon, an expired trial and a downgrade', () => {
    expect(membershipNotices({ ...base, status: 'trial', expiring_soon: true, days_left: 3 })).toEqual([{ tone: 'warning', key: 'notices.trialExpiringSoon', values: { count: 3 }, action: 'choosePlan' }]);
    expect(membershipNotices({ ...base, status: 'trial_expired' })[0]!.key).toBe('notices.trialExpired');
    expect(membershipNotices({ ...base, status: 'trial_expired', downgraded: { at: '2026-01-01' } }).map((n) => n.key)).toEqual(['notices.downgraded']);
    expect(membershipNotices({ ...base })).toEqual([]);
  });

  it('says when payments are in test mode (sandbox) or not set up yet', () => {
    expect(membershipNotices({ ...base, payments: 'sandbox' })).toEqual([{ tone: 'info', key: 'notices.sandboxMode' }]);
    expect(membershipNotices({ ...base, gateway: null, payments: 'off' })).toEqual([{ tone: 'warning', key: 'notices.paymentsOff' }]);
    expect(membershipNotices({ ...base, gateway: 'stripe', payments: 'live' })).toEqual([]);
  });
});

describe('payment block (one rule for every control that would pay)', () => {
  const off = { ...base, gateway: null, payments: 'off' } as const;
  const loaded = (data: Subscription | undefined) => ({ data, isPending: false });

  it('blocks subscribing while payments are not set up, except for a paid subscriber (a downgrade needs no payment)', () => {
    expect(paymentBlock(loaded({ ...off, status: 'trial', source: null }), 'subscribe')).toBe('payments-off');
    expect(paymentBlock(loaded({ ...off, status: 'active', source: 'admin' }), 'subscribe')).toBe('payments-off');
    expect(paymentBlock(loaded({ ...off, status: 'past_due', source: 'paid' }), 'subscribe')).toBe('payments-off');
    expect(paymentBlock(loaded({ ...off, status: 'active', source: 'paid' }), 'subscribe')).toBeNull();
    expect(paymentBlock(loaded({ ...base, status: 'trial', source: null, payments: 'sandbox' }), 'subscribe')).toBeNull();
    expect(paymentBlock(loaded({ ...base, status: 'trial', source: null }), 'subscribe')).toBeNull();
    // Not known (the query failed): the server's answer decides.
    expect(paymentBlock(loaded(undefined), 'subscribe')).toBeNull();
  });

  it('blocks a payment (pay now, more seats, a change that charges, the card) for everyone while payments are not set up', () => {
    expect(paymentBlock(loaded({ ...off, status: 'active', source: 'paid' }), 'payment')).toBe('payments-off');
    expect(paymentBlock(loaded({ ...off, status: 'past_due', source: 'paid' }), 'payment')).toBe('payments-off');
    expect(paymentBlock(loaded({ ...off, status: 'trial', source: null }), 'payment')).toBe('payments-off');
    expect(paymentBlock(loaded({ ...base, payments: 'sandbox' }), 'payment')).toBeNull();
    expect(paymentBlock(loaded(base), 'payment')).toBeNull();
  });

  it('never blocks what needs no payment (fewer seats, a downgrade)', () => {
    expect(paymentBlock(loaded(off), 'none')).toBeNull();
    expect(paymentBlock({ data: undefined, isPending: true }, 'none')).toBeNull();
  });

  it('keeps payments disabled while the subscription is loading', () => {
    expect(paymentBlock({ data: undefined, isPending: true }, 'subscribe')).toBe('loading');
    expect(paymentBlock({ data: undefined, isPending: true }, 'payment')).toBe('loading');
  });

  it('reads a payment from a preview that charges now and from more seats', () => {
    expect(previewIntent({ charge_now: 12.5 })).toBe('payment');
    expect(previewIntent({ charge_now: 0 })).toBe('none');
    expect(seatsIntent(2, 4)).toBe('payment');
    expect(seatsIntent(4, 2)).toBe('none');
    expect(seatsIntent(2, 2)).toBe('none');
  });
});

describe('the picked plan on the membership screen', () => {
  const picked = { plan_id: 2, frequency: 'monthly', seats: 1 } as const;
  it('marks the plan chosen on the pricing page until the user subscribes, then none', () => {
    expect(pickedPlanId({ status: 'trial', selected_plan: picked })).toBe(2);
    expect(pickedPlanId({ status: 'trial_expired', selected_plan: picked })).toBe(2);
    expect(pickedPlanId({ status: 'active', selected_plan: picked })).toBeNull();
    expect(pickedPlanId({ status: 'past_due', selected_plan: picked })).toBeNull();
    expect(pickedPlanId({ status: 'trial', selected_plan: null })).toBeNull();
    expect(pickedPlanId(undefined)).toBeNull();
  });
});

describe('the membership screen’s one seats input', () => {
  const team = { id: 3, slug: 'start-up', name_en: 'Start-up', name_ar: 'الناشئة', price: 29, price_yearly: 290, is_team: true, is_trial: false, archived: false };
  it('is the seats form of a paid, running team plan (the plan picker then shows none)', () => {
    expect(hasSeatsForm({ ...base, plan: team })).toBe(true);
  });

  it('is the plan picker’s otherwise: a plan for one, a canceled or overdue team plan, one granted by an admin, no plan', () => {
    expect(hasSeatsForm({ ...base, plan: { ...team, is_team: false } })).toBe(false);
    expect(hasSeatsForm({ ...base, plan: team, cancellation: { ends_at: '2026-06-01T00:00:00Z' } })).toBe(false);
    expect(hasSeatsForm({ ...base, plan: team, status: 'past_due' })).toBe(false);
    expect(hasSeatsForm({ ...base, plan: team, source: 'admin' })).toBe(false);
    expect(hasSeatsForm({ ...base, status: 'none', plan: null })).toBe(false);
    expect(hasSeatsForm(undefined)).toBe(false);
  });
});

describe('the plan-change confirmation', () => {
  const startUp = { id: 3, slug: 'start-up', name_en: 'Start-up', name_ar: 'الشركات الناشئة', is_team: true };
  const pro = { ...startUp, id: 4, slug: 'pro', name_en: 'Pro' };
  const onStartUp = { plan: startUp, frequency: 'monthly' as const };

  it('asks about the seats when the seats form keeps the plan and its billing', () => {
    expect(confirmTitleKey({ kind: 'upgrade', plan: startUp, frequency: 'monthly' }, onStartUp)).toBe('seatsNow');
    expect(confirmTitleKey({ kind: 'downgrade', plan: startUp, frequency: 'monthly' }, onStartUp)).toBe('seatsAtRenewal');
  });

  it('asks about the plan otherwise', () => {
    expect(confirmTitleKey({ kind: 'upgrade', plan: pro, frequency: 'monthly' }, onStartUp)).toBe('upgrade');
    expect(confirmTitleKey({ kind: 'upgrade', plan: startUp, frequency: 'yearly' }, onStartUp)).toBe('upgrade');
    expect(confirmTitleKey({ kind: 'subscribe', plan: startUp, frequency: 'monthly' }, { plan: null, frequency: null })).toBe('subscribe');
    expect(confirmTitleKey({ kind: 'unchanged', plan: startUp, frequency: 'monthly' }, onStartUp)).toBe('keep');
    expect(confirmTitleKey({ kind: 'keep', plan: startUp, frequency: 'monthly' }, onStartUp)).toBe('keep');
    expect(confirmTitleKey({ kind: 'downgrade', plan: startUp, frequency: 'monthly' }, undefined)).toBe('downgrade');
  });

  it('names the seats of any team plan, one seat included, and of any choice above one', () => {
    expect(confirmShowsSeats({ seats: 1, plan: startUp })).toBe(true);
    expect(confirmShowsSeats({ seats: 1, plan: { ...startUp, is_team: false } })).toBe(false);
    expect(confirmShowsSeats({ seats: 3, plan: startUp })).toBe(true);
  });
});

describe('the membership status badge', () => {
  const canceled = { ends_at: '2026-06-14T00:00:00Z' };
  it('says Canceled for a canceled plan running to its end date, not Active', () => {
    expect(statusBadge({ ...base, cancellation: canceled })).toBe('canceled');
    expect(statusBadge(base)).toBe('active');
  });
  it('keeps a payment overdue first, and every other status as it is', () => {
    expect(statusBadge({ ...base, status: 'past_due', cancellation: canceled })).toBe('past_due');
    for (const status of ['trial', 'trial_expired', 'ended', 'none'] as const) expect(statusBadge({ ...base, status })).toBe(status);
  });
});

describe('choosing seats in the confirmation of a team plan', () => {
  const team = { id: 2, slug: 'start-up', name_en: 'Start-up', name_ar: 'الشركات الناشئة', price: 29, price_yearly: 290, is_team: true, is_trial: false, archived: false };
  const single = { ...team, id: 1, slug: 'hobbyist', is_team: false };
  const preview = (plan: typeof team, kind: 'subscribe' | 'upgrade' | 'downgrade' | 'keep' = 'subscribe') => ({ kind, plan, frequency: 'monthly' as const });
  it('offers the seats when a team plan is bought or changed to from another plan', () => {
    expect(confirmChoosesSeats(preview(team), { ...base, status: 'trial', source: null, plan: null })).toBe(true);
    expect(confirmChoosesSeats(preview(team, 'upgrade'), { ...base, plan: single })).toBe(true);
  });
  it('not for a plan without teams, a live team plan (its seats form sets them), or keeping the plan', () => {
    expect(confirmChoosesSeats(preview(single), { ...base, status: 'trial', source: null, plan: null })).toBe(false);
    expect(confirmChoosesSeats(preview({ ...team, id: 3 }, 'upgrade'), { ...base, plan: team })).toBe(false);
    expect(confirmChoosesSeats(preview(team, 'keep'), { ...base, plan: single })).toBe(false);
  });
});
