import { describe, expect, it } from 'vitest';
import { charge, checkCard, luhnValid, MESSAGES, parseExpiry } from './local-provider.ts';

const NOW = new Date('2031-05-15T12:00:00.000Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Maya Moviegoer' };

describe('local checkout: card checks', () => {
  it('runs the Luhn check', () => {
    for (const valid of ['4242424242424242', '4000000000000002', '4000000000009995', '378282246310005', '36227206271667']) {
      expect(luhnValid(valid), valid).toBe(true);
    }
    for (const invalid of ['4242424242424241', '1234567812345678', '']) expect(luhnValid(invalid), invalid).toBe(false);
  });

  it('accepts a valid card, spaces and dashes in the number', () => {
    expect(checkCard(good, NOW)).toEqual({ ok: true, number: '4242424242424242', brand: 'visa', last4: '4242' });
    expect(checkCard({ ...good, cardNumber: '4242-4242-4242-4242' }, NOW)).toMatchObject({ ok: true });
  });

  it('refuses bad numbers with Stripe\'s messages', () => {
    expect(checkCard({ ...good, cardNumber: '4242 4242 4242 4241' }, NOW)).toEqual({ ok: false, field: 'cardNumber', message: MESSAGES.invalidNumber });
    expect(checkCard({ ...good, cardNumber: '4242 4242' }, NOW)).toEqual({ ok: false, field: 'cardNumber', message: MESSAGES.incompleteNumber });
    expect(checkCard({ ...good, cardNumber: '' }, NOW)).toEqual({ ok: false, field: 'cardNumber', message: MESSAGES.incompleteNumber });
    expect(checkCard({ ...good, cardNumber: '4242 abcd 4242 4242' }, NOW)).toMatchObject({ field: 'cardNumber', message: MESSAGES.invalidNumber });
    expect(checkCard({ ...good, cardNumber: '4'.repeat(20) }, NOW)).toMatchObject({ field: 'cardNumber', message: MESSAGES.invalidNumber });
  });

  it('refuses a past, incomplete or impossible expiry; this month is still good', () => {
    expect(checkCard({ ...good, expiry: '04/31' }, NOW)).toEqual({ ok: false, field: 'expiry', message: MESSAGES.pastExpiry });
    expect(checkCard({ ...good, expiry: '12/30' }, NOW)).toMatchObject({ field: 'expiry', message: MESSAGES.pastExpiry });
    expect(checkCard({ ...good, expiry: '05/31' }, NOW)).toMatchObject({ ok: true });
    expect(checkCard({ ...good, expiry: '13/35' }, NOW)).toMatchObject({ field: 'expiry', message: MESSAGES.incompleteExpiry });
    expect(checkCard({ ...good, expiry: '1' }, NOW)).toMatchObject({ field: 'expiry', message: MESSAGES.incompleteExpiry });
    expect(checkCard({ ...good, expiry: '' }, NOW)).toMatchObject({ field: 'expiry', message: MESSAGES.incompleteExpiry });
    expect(checkCard({ ...good, expiry: '01/2099' }, NOW)).toMatchObject({ field: 'expiry', message: MESSAGES.invalidExpiry });
    expect(parseExpiry('0734')).toEqual({ month: 7, year: 2034 });
    expect(parseExpiry('7 / 2034')).toEqual({ month: 7, year: 2034 });
  });

  it('refuses a bad security code: 3 digits, 4 for American Express', () => {
    expect(checkCard({ ...good, cvc: '12' }, NOW)).toEqual({ ok: false, field: 'cvc', message: MESSAGES.incompleteCvc });
    expect(checkCard({ ...good, cvc: '1234' }, NOW)).toMatchObject({ field: 'cvc', message: MESSAGES.invalidCvc });
    expect(checkCard({ ...good, cvc: 'abc' }, NOW)).toMatchObject({ field: 'cvc', message: MESSAGES.invalidCvc });
    expect(checkCard({ ...good, cvc: '' }, NOW)).toMatchObject({ field: 'cvc', message: MESSAGES.incompleteCvc });
    expect(checkCard({ ...good, cardNumber: '3782 822463 10005', cvc: '1234' }, NOW)).toMatchObject({ ok: true, brand: 'amex' });
    expect(checkCard({ ...good, cardNumber: '3782 822463 10005', cvc: '123' }, NOW)).toMatchObject({ field: 'cvc' });
  });

  it('needs the name on the card', () => {
    expect(checkCard({ ...good, name: '  ' }, NOW)).toEqual({ ok: false, field: 'name', message: MESSAGES.missingName });
  });

  it("charges Stripe's test cards as documented and refuses any other card", () => {
    expect(charge('4242424242424242')).toEqual({ ok: true });
    expect(charge('5555555555554444')).toEqual({ ok: true });
    expect(charge('4000000000000002')).toEqual({ ok: false, code: 'card_declined', message: 'Your card was declined.' });
    expect(charge('4000000000009995')).toEqual({ ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(charge('4000000000000069')).toMatchObject({ code: 'expired_card' });
    // A real-looking card (valid Luhn, not a test card) is never "charged" by the test checkout.
    expect(charge('4111111111111111')).toMatchObject({ ok: false, message: MESSAGES.notTestCard });
  });
});
