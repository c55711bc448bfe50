import { Component, startTransition, useCallback, useEffect, useLayoutEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, type RemoteNavigation } from 'shared-ui';
import { handOverFirstView } from 'shared-ui/first-view';
import { reportRemoteEvent } from './load-beacon';
import { loadRemoteRoutes, remoteVersion, resetRemote, type RemoteName } from './remote-registry';

export function RemoteUnavailable({ onRetry, incompatible = false }: { onRetry: () => void; incompatible?: boolean }) {
  // A remote that cannot render does not take the place of a first view the page came with: the shell shows this instead.
  useLayoutEffect(handOverFirstView, []);
  return (
    <div className="ui-state" role="alert" data-testid="remote-unavailable">
      <h2 className="ui-state__title">This part of the site is temporarily unavailable</h2>
      <p className="ui-state__text">
        {incompatible
          ? 'It is being updated and does not fit this version of the site yet. The rest of the site keeps working.'
          : 'The rest of the site keeps working. Please try again in a moment.'}
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/**
 * Catches a remote that throws while rendering, so the shell and the other
 * remotes keep working. A new `resetKey` (the path) renders the remote again:
 * one broken page must not hide the remote's other pages.
 */
export class RemoteErrorBoundary extends Component<{ name: RemoteName; resetKey?: string; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] remote ${this.props.name} failed while rendering`, error, info.componentStack);
    reportRemoteEvent(this.props.name, remoteVersion(this.props.name), 'render-failed');
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}

type SlotState = { status: 'loading' } | { status: 'ready'; Routes: ComponentType } | { status: 'failed'; incompatible: boolean };

/**
 * Loads a remote's routes at run time and renders them, with a fallback and Retry (no page reload).
 * `onNavigation` gets the navigation hook the loaded module exposes (undefined when it has none).
 */
export function RemoteSlot({ name, onNavigation }: { name: RemoteName; onNavigation?: (useNavigation: (() => RemoteNavigation) | undefined) => void }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SlotState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void loadRemoteRoutes(name).then((loaded) => {
      if (!current) return;
      if (loaded.ok) onNavigation?.(loaded.useNavigation);
      // A transition: React renders the remote's page in slices that yield to the browser, not in one long task.
      startTransition(() => setState(loaded.ok ? { status: 'ready', Routes: loaded.Component } : { status: 'failed', incompatible: 'mismatches' in loaded }));
    });
    return () => {
      current = false;
    };
  }, [name, attempt, onNavigation]);

  const retry = useCallback(() => {
    resetRemote(name);
    setAttempt((n) => n + 1);
  }, [name]);

  if (state.status === 'loading') {
    // A full-height placeholder keeps the footer below the fold, so the remote arriving shifts nothing in view.
    return <div className="shell-remote-loading" role="status" aria-label="Loading" />;
  }
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} incompatible={state.incompatible} />;
  const { Routes } = state;
  return (
    <RemoteErrorBoundary key={attempt} name={name} resetKey={pathname} onRetry={retry}>
      <Routes />
    </RemoteErrorBoundary>
  );
}
