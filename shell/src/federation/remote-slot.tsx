import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'shared-ui';
import { loadRemoteRoutes, resetRemote, type RemoteName } from './remote-registry';

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="ui-state" role="alert" data-testid="remote-unavailable">
      <h2 className="ui-state__title">This part of the site is temporarily unavailable</h2>
      <p className="ui-state__text">The rest of the site keeps working. Please try again in a moment.</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/** Catches a remote that throws while rendering, so the shell and the other remotes keep working. */
class RemoteErrorBoundary extends Component<{ name: RemoteName; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] remote ${this.props.name} failed while rendering`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}

type SlotState = { status: 'loading' } | { status: 'ready'; Routes: ComponentType } | { status: 'failed' };

/** Loads a remote's routes at run time and renders them, with a fallback and Retry (no page reload). */
export function RemoteSlot({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SlotState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void loadRemoteRoutes(name).then((loaded) => {
      if (current) setState(loaded.ok ? { status: 'ready', Routes: loaded.Component } : { status: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [name, attempt]);

  const retry = useCallback(() => {
    resetRemote(name);
    setAttempt((n) => n + 1);
  }, [name]);

  if (state.status === 'loading') {
    // A full-height placeholder keeps the footer below the fold, so the remote arriving shifts nothing in view.
    return <div className="shell-remote-loading" role="status" aria-label="Loading" />;
  }
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  const { Routes } = state;
  return (
    <RemoteErrorBoundary key={attempt} name={name} onRetry={retry}>
      <Routes />
    </RemoteErrorBoundary>
  );
}
