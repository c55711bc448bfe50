import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, notify, PageTitle, useAccountRequired, useApi, useCurrentUser } from 'shared-ui';

export const NOT_AUTHORIZED = 'You are not authorized to access admin dashboard';

/**
 * Spec §4/§6: signed out -> a sign-in prompt that returns to /admin; signed in
 * without the admin role -> toast and back to /. Nothing of the admin UI renders
 * until the service says the user is an admin.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  useAccountRequired();
  const user = useCurrentUser();
  const api = useApi();
  const navigate = useNavigate();
  const isAdmin = useQuery({ queryKey: ['is-admin'], queryFn: () => api.isAdmin(), enabled: user.isAuthenticated, staleTime: 60_000 });

  const refused = isAdmin.isSuccess && !isAdmin.data.isAdmin;
  useEffect(() => {
    if (refused) {
      notify.error(NOT_AUTHORIZED, { id: NOT_AUTHORIZED }); // one toast however often the gate sees the refusal
      navigate('/', { replace: true });
    }
  }, [refused, navigate]);

  if (user.isLoading) return <div role="status" aria-label="Loading" />;
  if (!user.isAuthenticated) {
    return (
      <>
        <PageTitle title="Theatre staff sign-in" />
        <EmptyState
          title="Theatre staff sign-in"
          text="Sign in with a theatre staff account to manage shows and bookings."
          action={<Button onClick={() => void user.signIn('/admin')}>Sign in</Button>}
        />
      </>
    );
  }
  if (isAdmin.isError) return <EmptyState title="Could not check your access" text={isAdmin.error.message} action={<Button onClick={() => void isAdmin.refetch()}>Retry</Button>} />;
  if (isAdmin.data?.isAdmin !== true) return <div role="status" aria-label="Checking access" />;
  return <>{children}</>;
}
