import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderRoute } from '../testing/render';

describe('/loading/*', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a spinner, then goes to /<rest> after 8 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoute('/loading/my-bookings');
    expect(await screen.findByRole('status', { name: 'Loading, please wait' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(currentLocation()).toBe('/loading/my-bookings');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await waitFor(() => expect(currentLocation()).toBe('/my-bookings'));
  });
});
