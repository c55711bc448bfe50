// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageCount, StaffPager } from './staff-pager';

describe('StaffPager', () => {
  afterEach(cleanup);

  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('says the page, the pages and the rows, and steps from the page asked for', () => {
    const onPage = vi.fn();
    render(<StaffPager className="x__pager" label="Pages" page={2} pageSize={10} total={25} noun="booking" onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav.className).toBe('x__pager');
    expect(nav.querySelector('[aria-live="polite"]')!.textContent).toBe('Page 2 of 3 · 25 bookings');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot step before the first page or past the last', () => {
    render(<StaffPager className="x__pager" label="Pages" page={1} pageSize={10} total={3} noun="show" onPage={() => {}} />);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^Page/).textContent).toBe('Page 1 of 1 · 3 shows');
  });

  it('shows the page the list shows while the one asked for loads', () => {
    render(<StaffPager className="x__pager" label="Pages of shows" page={3} shownPage={2} pageSize={10} total={50} noun="show" onPage={() => {}} />);
    expect(screen.getByText(/^Page/).textContent).toBe('Page 2 of 5 · 50 shows');
  });
});
