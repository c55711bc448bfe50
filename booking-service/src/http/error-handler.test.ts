import { describe, expect, it } from 'vitest';
import { describeValidationIssue } from './error-handler.ts';

describe('validation messages name the field', () => {
  it.each([
    [{ instancePath: '', keyword: 'required', params: { missingProperty: 'showId' } }, 'showId is required'],
    [{ instancePath: '/showsInput/0', keyword: 'required', params: { missingProperty: 'date' } }, 'showsInput[0].date is required'],
    [{ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'isPaid' } }, 'isPaid is not an accepted field'],
    [{ instancePath: '/selectedSeats', keyword: 'type', params: { type: 'array' } }, 'selectedSeats must be of type array'],
    [{ instancePath: '/page', keyword: 'type', params: { type: 'integer' } }, 'page must be a whole number'],
    [{ instancePath: '/selectedSeats', keyword: 'maxItems', params: { limit: 5 } }, 'selectedSeats must have at most 5 items'],
    [{ instancePath: '/selectedSeats', keyword: 'minItems', params: { limit: 1 } }, 'selectedSeats must have at least 1 item'],
    [{ instancePath: '/showPrice', keyword: 'minimum', params: {}, message: 'must be >= 0' }, 'showPrice must be >= 0'],
    [{ instancePath: '', keyword: 'type', params: { type: 'object' } }, 'body must be of type object'],
  ])('%j -> %s', (issue, expected) => {
    expect(describeValidationIssue('body', issue)).toBe(expected);
  });
});
