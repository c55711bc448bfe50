import { mongo } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, SHOW_ID } from '../../../test/support/mongo-fixtures.ts';
import type { Booking } from '../../bookings/booking.ts';
import { CLAIM_ATTEMPTS, claimSeats, createSeatClaimGate, type SeatClaimSteps } from './seat-claim.ts';

/** The booking insert's decision logic, with the database steps stood in for. */

const booking: Booking = {
  id: BOOKING_ID,
  userId: 'u',
  showId: SHOW_ID,
  seats: ['D1', 'D3', 'D4'],
  amountCents: 3000,
  status: 'held',
  isPaid: false,
  paymentLink: 'http://localhost:4000/api/checkout/x',
  paymentSessionId: null,
  paymentIntentId: null,
  holdExpiresAt: new Date('2031-05-01T12:10:00.000Z'),
  paidAt: null,
  createdAt: new Date('2031-05-01T12:00:00.000Z'),
  ticketCode: 'K7M2P9QX4D',
  refundStatus: null,
  refundReason: null,
  refundId: null,
  confirmation: null,
  admittedAt: null,
  cancelledAt: null,
  returnedSeats: [],
  returnedCents: 0,
};
const duplicate = () => new mongo.MongoServerError({ message: 'E11000 duplicate key error', code: 11000 });
const OTHER = '11111111-2222-4333-8444-555555555555';

function steps(overrides: Partial<SeatClaimSteps>) {
  return {
    insert: vi.fn(overrides.insert ?? (async () => booking)),
    holders: vi.fn(overrides.holders ?? (async () => [])),
    get: vi.fn(overrides.get ?? (async () => booking)),
  };
}

describe('claiming seats with one insert', () => {
  it('books when the insert goes through, reading nothing', async () => {
    const s = steps({});
    expect(await claimSeats(BOOKING_ID, booking.seats, s)).toEqual({ ok: true, booking });
    expect(s.holders).not.toHaveBeenCalled();
  });

  it('names the seats live bookings hold when the unique index refuses the insert', async () => {
    const s = steps({
      insert: async () => {
        throw duplicate();
      },
      holders: async () => [{ _id: OTHER, seats: ['D3', 'D1', 'D2'] }],
    });
    expect(await claimSeats(BOOKING_ID, ['D4', 'D3', 'D1'], s)).toEqual({ ok: false, takenSeats: ['D3', 'D1'] });
    expect(s.insert).toHaveBeenCalledTimes(1);
  });

  it('tries again when the booking that blocked it is gone (cancelled in between)', async () => {
    let calls = 0;
    const s = steps({
      insert: async () => {
        calls += 1;
        if (calls === 1) throw duplicate();
        return booking;
      },
    });
    expect(await claimSeats(BOOKING_ID, booking.seats, s)).toEqual({ ok: true, booking });
    expect(s.insert).toHaveBeenCalledTimes(2);
  });

  it('gives up after a bounded number of attempts', async () => {
    const s = steps({
      insert: async () => {
        throw duplicate();
      },
    });
    await expect(claimSeats(BOOKING_ID, booking.seats, s)).rejects.toThrow(/refused as a duplicate/);
    expect(s.insert).toHaveBeenCalledTimes(CLAIM_ATTEMPTS);
  });

  it('recognises its own earlier insert whose answer was lost', async () => {
    const s = steps({
      insert: async () => {
        throw duplicate();
      },
      holders: async () => [{ _id: BOOKING_ID, seats: booking.seats }],
    });
    expect(await claimSeats(BOOKING_ID, booking.seats, s)).toEqual({ ok: true, booking });
    expect(s.get).toHaveBeenCalledTimes(1);
  });

  it('passes any other error on without reading', async () => {
    const s = steps({
      insert: async () => {
        throw new mongo.MongoServerError({ message: 'Document failed validation', code: 121 });
      },
    });
    await expect(claimSeats(BOOKING_ID, booking.seats, s)).rejects.toThrow(/failed validation/);
    expect(s.holders).not.toHaveBeenCalled();
  });
});

const deadlock = () => new mongo.MongoServerError({ errmsg: 'deadlock detected', code: 1, codeName: 'InternalError' });

describe('claims that DocumentDB would queue or deadlock', () => {
  it('tries an insert again when the database aborted it as a deadlock', async () => {
    let calls = 0;
    const s = steps({
      insert: async () => {
        if (++calls === 1) throw deadlock();
        return booking;
      },
    });
    expect(await claimSeats(BOOKING_ID, booking.seats, s)).toEqual({ ok: true, booking });
    expect(s.insert).toHaveBeenCalledTimes(2);
  });

  it('reading first: refuses taken seats without inserting, and inserts when they are free', async () => {
    const taken = steps({ holders: async () => [{ _id: OTHER, seats: ['D1'] }] });
    expect(await claimSeats(BOOKING_ID, ['D1', 'D2'], taken, true)).toEqual({ ok: false, takenSeats: ['D1'] });
    expect(taken.insert).not.toHaveBeenCalled();
    const free = steps({});
    expect(await claimSeats(BOOKING_ID, booking.seats, free, true)).toEqual({ ok: true, booking });
    expect(free.holders).toHaveBeenCalledTimes(1);
    expect(free.insert).toHaveBeenCalledTimes(1);
  });

  it('the gate runs claims sharing a seat one after another, and others at once', async () => {
    const gated = createSeatClaimGate();
    const order: string[] = [];
    let release!: () => void;
    const first = gated(SHOW_ID, ['A1', 'A2'], async (taken) => {
      order.push(`first ${taken}`);
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, booking };
    });
    const overlapping = gated(SHOW_ID, ['A2', 'A3'], async (taken) => {
      order.push(`overlapping ${taken}`);
      return { ok: false, takenSeats: ['A2'] };
    });
    const apart = gated(SHOW_ID, ['B1'], async (taken) => {
      order.push(`apart ${taken}`);
      return { ok: true, booking };
    });
    await apart;
    expect(order).toEqual(['first false', 'apart false']);
    release();
    await Promise.all([first, overlapping]);
    expect(order).toEqual(['first false', 'apart false', 'overlapping true']);
  });
});
