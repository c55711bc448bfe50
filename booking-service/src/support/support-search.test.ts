import { describe, expect, it } from 'vitest';
import { searchFilter, viewFilter } from './support-search.ts';

describe('support search', () => {
  it('reads a booking id, a ticket code in any case, or an email', () => {
    expect(searchFilter(' 0B9C3A1E-1111-4222-8333-944455556666 ')).toEqual({ bookingId: '0b9c3a1e-1111-4222-8333-944455556666' });
    expect(searchFilter('7k2m9p4qrt')).toEqual({ ticketCode: '7K2M9P4QRT' });
    expect(searchFilter('Ana@Example.com')).toEqual({ customerEmail: 'Ana@Example.com' });
  });

  it("reads part of a customer's name, whatever its case, its spaces collapsed", () => {
    expect(searchFilter(' Ana  Lima ')).toEqual({ customerName: 'Ana Lima' });
    expect(searchFilter('ana')).toEqual({ customerName: 'ana' });
    expect(searchFilter("O'Brien-Núñez")).toEqual({ customerName: "O'Brien-Núñez" });
  });

  it('refuses what is none of them', () => {
    for (const text of ['', 'a', '7K2M9P4QR', '7K2M9P4QRTX', 'ILOU123456', 'a b@c', '0b9c3a1e-1111']) expect(searchFilter(text), text).toBeNull();
  });

  it('leaves cancelled bookings out of the unpaid view', () => {
    expect(viewFilter('unpaid')).toEqual({ isPaid: false, statuses: ['held'] });
    expect(viewFilter('cancelled')).toEqual({ statuses: ['cancelled'] });
    expect(viewFilter('paid')).toEqual({ isPaid: true });
    expect(viewFilter('all')).toEqual({});
  });
});
