import { describe, expect, it } from 'vitest';
import { supportQuery, withSupportChange } from './support-query';

describe('support desk search in the URL', () => {
  it('shows unpaid bookings by default, and searches every booking unless a view is chosen', () => {
    expect(supportQuery(new URLSearchParams(''))).toEqual({ q: undefined, view: 'unpaid', page: '1', pageSize: '20' });
    expect(supportQuery(new URLSearchParams('q=%20ana@example.com%20'))).toMatchObject({ q: 'ana@example.com', view: 'all' });
    expect(supportQuery(new URLSearchParams('q=7K2M9P4QRT&view=cancelled&page=2'))).toMatchObject({ q: '7K2M9P4QRT', view: 'cancelled', page: '2' });
    expect(supportQuery(new URLSearchParams('view=everything&page=x'))).toMatchObject({ view: 'unpaid', page: '1' });
  });

  it('a change keeps the search and view, starts again from page 1, and leaves defaults out', () => {
    const current = new URLSearchParams('q=ana&view=all&page=3&other=x');
    expect(withSupportChange(current, { page: 4 }).toString()).toBe('q=ana&view=all&page=4');
    expect(withSupportChange(current, { view: 'paid' }).toString()).toBe('q=ana&view=paid');
    expect(withSupportChange(current, { q: undefined, page: 1 }).toString()).toBe('view=all');
  });
});
