/**
 * The card checks of the local checkout: what Stripe Checkout's form refuses
 * before charging (number, expiry, security code), and what Stripe's test cards
 * do when charged. It takes test cards only: this checkout never moves money.
 */

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'name';

export type CardCheck =
  | { ok: true; number: string; brand: string; last4: string }
  | { ok: false; field: CardField; message: string };

export type ChargeOutcome = { ok: true } | { ok: false; code: string; message: string };

/** Stripe's own messages (Checkout shows these), so the local checkout reads the same. */
export const MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  pastExpiry: "Your card's expiration date is in the past.",
  invalidExpiry: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
  missingName: 'Please enter the name on your card.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  notTestCard: 'Your card was declined. This checkout is in test mode and accepts test cards only, such as 4242 4242 4242 4242.',
} as const;

export type RefusalCode = keyof typeof MESSAGES;

/**
 * The code of a refusal message, for the redirect after a refused card (post/redirect/get): the
 * page it lands on shows the message from this table, so nothing the visitor typed reaches the URL.
 */
export function refusalCode(message: string): RefusalCode | null {
  const entry = Object.entries(MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as RefusalCode) : null;
}

export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(MESSAGES, code);
}

export const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];

/** Stripe's test cards that succeed (https://docs.stripe.com/testing#cards). */
const SUCCEEDING = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);

/** Stripe's test cards that are declined, and how. */
const DECLINING: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: MESSAGES.declined },
  '4000000000009995': { code: 'insufficient_funds', message: MESSAGES.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: MESSAGES.declined },
  '4000000000009979': { code: 'stolen_card', message: MESSAGES.declined },
  '4000000000000069': { code: 'expired_card', message: MESSAGES.expiredCard },
  '4000000000000127': { code: 'incorrect_cvc', message: MESSAGES.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: MESSAGES.processingError },
  '4100000000000019': { code: 'card_declined', message: MESSAGES.declined },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** Parses "MM/YY", "MM / YY", "MM/YYYY" or "MMYY"; null when it is not a month and a year. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*(?:\/|-|\s)?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** The checks Stripe's form makes before charging; `now` decides what "past" is. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (number.length === 0 || !/^\d+$/.test(number)) {
    return { ok: false, field: 'cardNumber', message: number.length === 0 ? MESSAGES.incompleteNumber : MESSAGES.invalidNumber };
  }
  if (number.length < 13) return { ok: false, field: 'cardNumber', message: MESSAGES.incompleteNumber };
  if (number.length > 19 || !luhnValid(number)) return { ok: false, field: 'cardNumber', message: MESSAGES.invalidNumber };

  if (input.expiry.trim() === '') return { ok: false, field: 'expiry', message: MESSAGES.incompleteExpiry };
  const expiry = parseExpiry(input.expiry);
  if (!expiry) return { ok: false, field: 'expiry', message: MESSAGES.incompleteExpiry };
  if (expiry.month < 1 || expiry.month > 12) return { ok: false, field: 'expiry', message: MESSAGES.incompleteExpiry };
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) {
    return { ok: false, field: 'expiry', message: MESSAGES.pastExpiry };
  }
  if (expiry.year > thisYear + 50) return { ok: false, field: 'expiry', message: MESSAGES.invalidExpiry };

  const brand = brandOf(number);
  const cvc = input.cvc.trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (cvc.length === 0) return { ok: false, field: 'cvc', message: MESSAGES.incompleteCvc };
  if (!/^\d+$/.test(cvc) || cvc.length > cvcLength) return { ok: false, field: 'cvc', message: MESSAGES.invalidCvc };
  if (cvc.length < cvcLength) return { ok: false, field: 'cvc', message: MESSAGES.incompleteCvc };

  if (input.name.trim() === '') return { ok: false, field: 'name', message: MESSAGES.missingName };
  return { ok: true, number, brand, last4: number.slice(-4) };
}

/** What charging a valid card does: Stripe's test cards behave as documented; any other card is refused. */
export function charge(number: string): ChargeOutcome {
  if (SUCCEEDING.has(number)) return { ok: true };
  const declined = DECLINING[number];
  if (declined) return { ok: false, ...declined };
  return { ok: false, code: 'card_declined', message: MESSAGES.notTestCard };
}
