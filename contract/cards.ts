// How Lisan writes a saved card, the one module for both sides (like contract/dates.ts): the
// payment management and membership pages, the sandbox's 3-D Secure page and the invoice's
// "Paid by" line name a card alike. Imports nothing.

/** What naming a card needs: its brand as the gateway reports it ("visa") and its last four digits. */
export interface CardNameParts {
  brand: string;
  last4: string;
}

/** "visa" -> "VISA": card brands are written in capitals, as on the card itself. */
export const cardBrandLabel = (brand: string) => brand.toUpperCase();

/** "4242" -> "•••• 4242": the hidden digits as four dots, as banks write them. */
export const maskedCardNumber = (last4: string) => `•••• ${last4}`;

/** "VISA •••• 4242", Latin in both languages (a bidi isolate around it keeps its order in Arabic). */
export function cardLabel(card: CardNameParts): string {
  return `${cardBrandLabel(card.brand)} ${maskedCardNumber(card.last4)}`;
}

/** Month 3 of 2030 -> "03/30", as printed on the card. */
export function cardExpiry(card: { exp_month: number; exp_year: number }): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
}
