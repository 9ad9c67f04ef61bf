import { describe, expect, it } from 'vitest';
import { cardBrandLabel, cardExpiry, cardLabel, maskedCardNumber } from './cards';

describe('a saved card, written alike by the web app, the sandbox and the invoice', () => {
  it('names the card by its brand in capitals and its last four digits', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('VISA •••• 4242');
    expect(cardLabel({ brand: 'mastercard', last4: '0004' })).toBe('MASTERCARD •••• 0004');
    expect(cardBrandLabel('mada')).toBe('MADA');
    expect(maskedCardNumber('1234')).toBe('•••• 1234');
  });

  it('writes the expiry as printed on the card, MM/YY', () => {
    expect(cardExpiry({ exp_month: 3, exp_year: 2030 })).toBe('03/30');
    expect(cardExpiry({ exp_month: 12, exp_year: 2031 })).toBe('12/31');
  });
});
