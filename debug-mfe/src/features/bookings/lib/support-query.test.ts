import { describe, expect, it } from 'vitest';
import { supportQuery } from './support-query';

describe('support desk search in the URL', () => {
  it('shows unpaid bookings by default, and searches every booking unless a view is chosen', () => {
    expect(supportQuery(new URLSearchParams(''))).toEqual({ q: undefined, view: 'unpaid', page: '1', pageSize: '20' });
    expect(supportQuery(new URLSearchParams('q=%20ana@example.com%20'))).toMatchObject({ q: 'ana@example.com', view: 'all' });
    expect(supportQuery(new URLSearchParams('q=7K2M9P4QRT&view=cancelled&page=2'))).toMatchObject({ q: '7K2M9P4QRT', view: 'cancelled', page: '2' });
    expect(supportQuery(new URLSearchParams('view=everything&page=x'))).toMatchObject({ view: 'unpaid', page: '1' });
  });
});
