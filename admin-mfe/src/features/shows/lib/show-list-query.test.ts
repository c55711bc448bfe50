import { describe, expect, it } from 'vitest';
import { showListQuery, withChange } from './show-list-query';

describe('List Shows in the URL', () => {
  it('reads filters, sort and page, with defaults for what is missing or unknown', () => {
    expect(showListQuery(new URLSearchParams('movie=1001&from=2026-12-01&to=2026-12-07&sort=sold&order=desc&page=3'))).toEqual({
      movieId: '1001', from: '2026-12-01', to: '2026-12-07', sort: 'sold', order: 'desc', page: '3', pageSize: '20',
    });
    expect(showListQuery(new URLSearchParams('sort=price&order=up&page=0&from=tomorrow'))).toEqual({
      movieId: undefined, from: undefined, to: undefined, sort: 'time', order: 'asc', page: '1', pageSize: '20',
    });
  });

  it("reads the screen and the one show the Schedule opened (a show id only)", () => {
    expect(showListQuery(new URLSearchParams('cinema=marquee-saket&screen=marquee-saket-2&show=0a0a0a0a-0000-4000-8000-000000000001'))).toMatchObject({
      cinemaId: 'marquee-saket', screenId: 'marquee-saket-2', ids: '0a0a0a0a-0000-4000-8000-000000000001',
    });
    expect(showListQuery(new URLSearchParams('show=1,2')).ids).toBeUndefined();
  });

  it('goes back to the first page when a filter changes, and drops cleared values', () => {
    const params = new URLSearchParams('movie=1001&page=4');
    expect(withChange(params, { sort: 'revenue' }).toString()).toBe('movie=1001&sort=revenue');
    expect(withChange(params, { page: '5' }).toString()).toBe('movie=1001&page=5');
    expect(withChange(params, { movie: undefined }).toString()).toBe('');
  });
});
