import { AppError, LimitExceeded } from '../../http/errors';

/**
 * A refused subscription, plan change or payment: answered 201 {message} (spec section 4:
 * "Status 201: error dialog with the message").
 */
export class Refused extends AppError {
  constructor(message: string, params: Record<string, string | number> = {}) {
    super(201, message, params);
  }
}

/** 409: another purchase of the same account (a double click, a retry) is under way. */
export class PurchaseInProgress extends AppError {
  constructor() {
    super(409, 'billing.purchase_in_progress');
  }
}

/** The payment service cannot be reached or is not configured (503). */
export class PaymentServiceUnavailable extends AppError {
  constructor() {
    super(503, 'billing.gateway_unavailable');
  }
}

/** Subscribing while no gateway takes payments (production without a configured gateway): 503. */
export class PaymentsNotSetUpError extends AppError {
  constructor() {
    super(503, 'billing.payments_not_set_up');
  }
}

/** The sandbox checkout's card was declined: 402 {status, type: "card_declined", message}, the contract's 402 envelope. */
export class CardDeclined extends LimitExceeded {
  constructor() {
    super('card_declined', 'billing.card_declined');
  }
}
