import type { ReactNode } from 'react';
import { Button, EmptyState, useAccountRequired, useCurrentUser } from 'shared-ui';

/** The support desk needs a signed-in user; the service decides whether they have the support role. */
export function SupportGate({ children }: { children: ReactNode }) {
  useAccountRequired();
  const user = useCurrentUser();
  if (user.isLoading) return <div role="status" aria-label="Loading" />;
  if (!user.isAuthenticated) {
    return <EmptyState title="Support desk" text="Sign in with a support account to look after payments." action={<Button onClick={() => void user.signIn('/debug')}>Sign in</Button>} />;
  }
  return <>{children}</>;
}

/** True when the service refused the call for lack of the support role. */
export function isForbidden(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 403;
}
