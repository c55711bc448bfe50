// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

const MOVIES = [
  ['1002', 'Dear Odette'],
  ['1001', 'Ash'],
] as const;

describe('FilterSelect', () => {
  afterEach(cleanup);

  it('offers "All …" for no filter, answered as undefined', () => {
    const onChange = vi.fn();
    render(<FilterSelect label="Movie" all="All movies" value={undefined} options={MOVIES} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Movie' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'All movies'],
      ['1002', 'Dear Odette'],
      ['1001', 'Ash'],
    ]);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: '1001' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['1001'], [undefined]]);
  });

  it('without "All …" one option is always chosen', () => {
    const onChange = vi.fn();
    render(<FilterSelect label="Sort by" className="x__field" value="1001" options={MOVIES} onChange={onChange} />);
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(select.options).toHaveLength(2);
    expect(select.value).toBe('1001');
    expect(select.closest('label')!.className).toBe('x__field');
    fireEvent.change(select, { target: { value: '1002' } });
    expect(onChange).toHaveBeenCalledWith('1002');
  });

  it("is named by the label's words alone, unless kept named with the choice", () => {
    render(<FilterSelect label="Payment" all="All" value={undefined} options={[['true', 'Paid']]} onChange={() => {}} />);
    expect(screen.getByRole('combobox').getAttribute('aria-label')).toBe('Payment');
    cleanup();
    render(<FilterSelect label="Payment" all="All" value={undefined} options={[['true', 'Paid']]} onChange={() => {}} nameWithChoice />);
    expect(screen.getByRole('combobox').hasAttribute('aria-label')).toBe(false);
    expect(screen.getByLabelText(/Payment/).tagName).toBe('SELECT');
  });
});
