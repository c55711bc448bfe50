import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushRemoteEvents, setBeaconEndpoint } from './load-beacon';
import { RemoteErrorBoundary } from './remote-slot';

vi.mock('shared-ui', () => ({ Button: (props: object) => <button type="button" {...props} /> }));
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

afterEach(cleanup);

function Throws(): never {
  throw new Error('remote bug');
}

describe('a remote that throws while rendering', () => {
  it('shows the fallback with Retry in its slot only, and Retry asks for a new attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onRetry = vi.fn();
    render(
      <>
        <nav>Shell navbar</nav>
        <RemoteErrorBoundary name="customer" onRetry={onRetry}>
          <Throws />
        </RemoteErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the site is temporarily unavailable');
    expect(screen.getByText('Shell navbar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('reports the render failure to the service when the page is idle or left, with the remote and its release id', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    flushRemoteEvents(); // what earlier tests queued
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    setBeaconEndpoint('https://api.example');
    render(
      <RemoteErrorBoundary name="admin" onRetry={() => {}}>
        <Throws />
      </RemoteErrorBoundary>,
    );
    expect(sendBeacon).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledWith('https://api.example/api/remote-events', JSON.stringify({ remote: 'admin', version: 'unknown', event: 'render-failed' }));
    vi.unstubAllGlobals();
  });

  it("renders the remote again on another path: one broken page does not hide the remote's others", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = ({ path }: { path: string }) => (path === '/broken' ? <Throws /> : <p>Movies page</p>);
    const slot = (path: string) => (
      <RemoteErrorBoundary name="customer" resetKey={path} onRetry={() => {}}>
        <Page path={path} />
      </RemoteErrorBoundary>
    );
    const { rerender } = render(slot('/broken'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(slot('/movies'));
    expect(screen.getByText('Movies page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
