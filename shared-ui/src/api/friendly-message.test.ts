import { describe, expect, it } from 'vitest';
import { friendlyMessage } from './friendly-message';

describe('friendlyMessage: no internal message, regex or status code reaches a user', () => {
  it("keeps the service's sentences for people", () => {
    expect(friendlyMessage(409, 'Seats A1, A2 are already booked')).toBe('Seats A1, A2 are already booked');
    expect(friendlyMessage(403, 'You are not authorized to access admin dashboard')).toBe('You are not authorized to access admin dashboard');
  });
  it('maps field-level validation messages to what the form says', () => {
    expect(friendlyMessage(400, 'showPrice must be >= 0')).toBe('Price must be a number of at least 0');
    expect(friendlyMessage(400, 'showsInput[0] 2020-01-01 10:00 is in the past: shows must be in the future')).toBe('Pick a date and time in the future');
    const regex = friendlyMessage(400, 'params.id must match pattern "^[0-9a-f-]{36}$"');
    expect(regex).toBe('An error occurred. Please try again.');
  });
  it('never shows a bare status code or route', () => {
    expect(friendlyMessage(500, undefined)).not.toMatch(/\d{3}/);
    expect(friendlyMessage(404, 'No route GET /api/nope')).not.toMatch(/api|GET/);
  });
});
