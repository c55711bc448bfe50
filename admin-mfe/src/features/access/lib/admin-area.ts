import type { StaffArea } from 'shared-ui/staff';

export const NOT_AUTHORIZED = 'You are not authorized to access admin dashboard';

/** Spec §4/§6: the staff gate (shared with the support desk) for theatre staff, and door staff (check-in only). */
export const ADMIN_AREA: StaffArea = {
  role: 'admin',
  door: true,
  title: 'Theatre staff sign-in',
  text: 'Sign in with a theatre staff account to manage shows and bookings.',
  notAuthorized: NOT_AUTHORIZED,
};
