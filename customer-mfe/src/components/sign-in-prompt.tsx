import type { ReactNode } from 'react';
import { Button, useAccountRequired, useCurrentUser } from 'shared-ui';
import { Spinner } from './spinner';

/** What a screen that needs an account shows to a visitor: a sign-in button that comes back here. */
export function SignInGate({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  useAccountRequired();
  const user = useCurrentUser();
  if (user.isLoading) return <Spinner label="Checking sign-in" />;
  if (user.isAuthenticated) return <>{children}</>;
  return (
    <div className="ui-state">
      <h2 className="ui-state__title">{title}</h2>
      <p className="ui-state__text">{text}</p>
      <Button onClick={() => void user.signIn()}>Login</Button>
    </div>
  );
}
