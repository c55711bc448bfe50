import type { ReactNode } from 'react';
import { StaffGate, type StaffArea } from 'shared-ui/staff';

export const NOT_AUTHORIZED = 'You are not authorized to access the support desk';

/** The staff gate (shared with admin): signed out -> sign in, back to the page asked for; without the support role -> a toast and back to /. */
const SUPPORT_AREA: StaffArea = {
  role: 'support',
  title: 'Support desk',
  text: 'Sign in with a support account to look after payments.',
  notAuthorized: NOT_AUTHORIZED,
};

export function SupportGate({ children }: { children: ReactNode }) {
  return <StaffGate area={SUPPORT_AREA}>{children}</StaffGate>;
}
