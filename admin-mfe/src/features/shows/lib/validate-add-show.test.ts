import { describe, expect, it } from 'vitest';
import { ADD_SHOW_MESSAGES, addShowProblem, dateTimeProblem, priceProblem } from './validate-add-show';

const now = new Date('2030-06-01T12:00');

describe('Add Shows rules (spec §5)', () => {
  it('price: numeric, minimum 0', () => {
    expect(priceProblem('0')).toBeNull();
    expect(priceProblem('12.5')).toBeNull();
    expect(priceProblem('-1')).toBe(ADD_SHOW_MESSAGES.price);
    expect(priceProblem('abc')).toBe(ADD_SHOW_MESSAGES.price);
  });
  it('date-time: complete and in the future', () => {
    expect(dateTimeProblem('2030-06-01T12:30', now)).toBeNull();
    expect(dateTimeProblem('2030-06-01T11:59', now)).toBe(ADD_SHOW_MESSAGES.past);
    expect(dateTimeProblem('2030-06-01', now)).toBe(ADD_SHOW_MESSAGES.dateTime);
  });
  it('on submit: missing fields first, then the price, then past times', () => {
    expect(addShowProblem({ movieId: null, price: '5', dateTimes: { '2030-06-02': ['10:00'] } }, now)).toEqual({ field: 'form', message: 'Missing required fields' });
    expect(addShowProblem({ movieId: '1', price: '', dateTimes: { '2030-06-02': ['10:00'] } }, now)?.message).toBe('Missing required fields');
    expect(addShowProblem({ movieId: '1', price: '-3', dateTimes: { '2030-06-02': ['10:00'] } }, now)?.field).toBe('price');
    expect(addShowProblem({ movieId: '1', price: '3', dateTimes: { '2030-05-02': ['10:00'] } }, now)?.field).toBe('dateTime');
    expect(addShowProblem({ movieId: '1', price: '3', dateTimes: { '2030-06-02': ['10:00'] } }, now)).toBeNull();
  });
});
