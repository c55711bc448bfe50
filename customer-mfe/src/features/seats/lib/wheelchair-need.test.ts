import { beforeEach, describe, expect, it } from 'vitest';
import type { ScreenLayout } from 'booking-service/layout';
import { companionToOffer, rememberWheelchairNeeded, wheelchairNeedConfirmed } from './wheelchair-need';

const STUDIO: ScreenLayout = { rows: [{ label: 'A', seats: 'wc.ss.cw' }, { label: 'B', seats: 'ss.ss.ss' }] };
const none = () => false;

describe('accessible seating rules', () => {
  beforeEach(() => sessionStorage.clear());

  it('offers the free companion seat beside a chosen wheelchair space', () => {
    expect(companionToOffer(STUDIO, 'A1', ['A1'], none)).toBe('A2');
    expect(companionToOffer(STUDIO, 'A6', ['B1', 'A6'], none)).toBe('A5');
  });

  it('offers nothing when the companion seat is taken, already chosen, the space is not chosen, or five seats are chosen', () => {
    expect(companionToOffer(STUDIO, 'A1', ['A1'], (seat) => seat === 'A2')).toBeNull();
    expect(companionToOffer(STUDIO, 'A1', ['A1', 'A2'], none)).toBeNull();
    expect(companionToOffer(STUDIO, 'A1', ['B1'], none)).toBeNull();
    expect(companionToOffer(STUDIO, 'A1', ['B1', 'B2', 'B3', 'B4', 'A1'], none)).toBeNull();
    expect(companionToOffer(STUDIO, 'B1', ['B1'], none)).toBeNull();
  });

  it('remembers for the visit that a wheelchair space is needed', () => {
    expect(wheelchairNeedConfirmed()).toBe(false);
    rememberWheelchairNeeded();
    expect(wheelchairNeedConfirmed()).toBe(true);
  });
});
