import { describe, expect, it } from 'vitest';
import { seatShareCents, seatsGivenBackText, ticketStillValidText } from './seat-returns.ts';

describe('what a seat given back refunds (issue 53, item 4)', () => {
  it('is its price by seat type while the prices are those paid', () => {
    const shares = seatShareCents(3800, [['A3', 1000], ['A4', 1000], ['H1', 1800]]);
    expect(Object.fromEntries(shares)).toEqual({ A3: 1000, A4: 1000, H1: 1800 });
  });

  it('splits what was paid in proportion to the prices when staff changed them since, to the cent and never more', () => {
    // Paid 3800 at 1000/1800; the premium price is now 2000: 3800 split 1000:1000:2000.
    const shares = seatShareCents(3800, [['A3', 1000], ['A4', 1000], ['H1', 2000]]);
    expect(Object.fromEntries(shares)).toEqual({ A3: 950, A4: 950, H1: 1900 });
    // Remainders go to the largest fractions first; the sum is exact.
    const odd = seatShareCents(1000, [['A1', 1], ['A2', 1], ['A3', 1]]);
    expect([...odd.values()].reduce((a, b) => a + b, 0)).toBe(1000);
    expect([...odd.values()].sort()).toEqual([333, 333, 334]);
  });

  it('splits equally when every seat is free, and gives nothing for no seats', () => {
    expect(Object.fromEntries(seatShareCents(0, [['A1', 0], ['A2', 0]]))).toEqual({ A1: 0, A2: 0 });
    expect(seatShareCents(500, []).size).toBe(0);
  });

  it('words the return and the ticket left', () => {
    expect(seatsGivenBackText(['A3', 'H1'], '$28.00', 'refunded', 'Dec 7, 9:12 PM')).toBe('Seats A3, H1 given back · $28.00 refunded · Dec 7, 9:12 PM');
    expect(seatsGivenBackText(['A3'], '$10.00', 'pending')).toBe('Seat A3 given back · $10.00 refund on its way');
    expect(ticketStillValidText(['A4'])).toBe('Your ticket stays valid for seat A4.');
    expect(ticketStillValidText(['A4', 'A5'])).toBe('Your ticket stays valid for seats A4, A5.');
  });
});
