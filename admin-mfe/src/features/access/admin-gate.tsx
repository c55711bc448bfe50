import type { ReactNode } from 'react';
import { StaffGate, type StaffArea } from 'shared-ui/staff';

export const NOT_AUTHORIZED = 'You are not authorized to access admin dashboard';

/** Spec §4/§6: the staff gate (shared with the support desk) for theatre staff. */
const ADMIN_AREA: StaffArea = {
  role: 'admin',
  title: 'Theatre staff sign-in',
  text: 'Sign in with a theatre staff account to manage shows and bookings.',
  notAuthorized: NOT_AUTHORIZED,
};

export function AdminGate({ children }: { children: ReactNode }) {
  return <StaffGate area={ADMIN_AREA}>{children}</StaffGate>;
}
