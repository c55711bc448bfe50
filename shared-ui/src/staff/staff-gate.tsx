import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, notify, PageTitle, useAccountRequired, useCurrentUser } from 'shared-ui';
import { useStaffApi } from './use-staff-api';

export interface StaffArea {
  /** The role the service requires. */
  role: 'admin' | 'support';
  /** Door staff may enter too (the admin remote's check-in screen; the area shows them that alone). */
  door?: boolean;
  /** The sign-in prompt's heading and text. */
  title: string;
  text: string;
  /** The toast a signed-in user without the role reads, on the way back to the home page. */
  notAuthorized: string;
}

/**
 * Spec §4/§6, for every staff area: signed out -> a sign-in prompt that returns to the page asked for (a
 * link to a search or a page of the area works after sign-in); signed in
 * without the role -> a toast and back to /. Nothing of the area renders until the service says the
 * user has the role.
 */
/** The signed-in user's staff roles as the service answers them (GET /api/admin/is-admin), read once a minute. */
export function useStaffAccess() {
  const user = useCurrentUser();
  const api = useStaffApi();
  return useQuery({ queryKey: ['is-admin'], queryFn: () => api.isAdmin(), enabled: user.isAuthenticated, staleTime: 60_000 });
}

export function StaffGate({ area, children }: { area: StaffArea; children: ReactNode }) {
  useAccountRequired();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const access = useStaffAccess();
  const allowed = access.data && (area.role === 'admin' ? access.data.isAdmin || (area.door === true && access.data.isDoor === true) : access.data.isSupport === true);

  const refused = access.isSuccess && !allowed;
  useEffect(() => {
    if (refused) {
      notify.error(area.notAuthorized, { id: area.notAuthorized }); // one toast however often the gate sees the refusal
      navigate('/', { replace: true });
    }
  }, [refused, navigate, area.notAuthorized]);

  if (user.isLoading) return <div role="status" aria-label="Loading" />;
  if (!user.isAuthenticated) {
    return (
      <>
        <PageTitle title={area.title} />
        <EmptyState title={area.title} text={area.text} action={<Button onClick={() => void user.signIn()}>Sign in</Button>} />
      </>
    );
  }
  if (access.isError) return <EmptyState title="Could not check your access" text={access.error.message} action={<Button onClick={() => void access.refetch()}>Retry</Button>} />;
  if (!allowed) return <div role="status" aria-label="Checking access" />;
  return <>{children}</>;
}
