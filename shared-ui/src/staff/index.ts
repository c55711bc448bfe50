/**
 * `shared-ui/staff`: what the staff remotes (admin, support) share, bundled into them rather than into
 * the shell's shared-ui, so moviegoers never download it. It reaches shared-ui's singletons (the signed-in
 * state, the API client) through the package itself, never by relative paths (a second copy would not
 * see the page's providers).
 */
export { StaffLayout } from './staff-layout';
export { StaffGate, useStaffAccess, type StaffArea } from './staff-gate';
export { useTheatreTimeZone } from './use-theatre-time-zone';
export { notifyOutcome, type Outcome } from './notify-outcome';
export { useStaffApi } from './use-staff-api';
export { OnSaleEventPicker, useChosenOnSaleEvent } from './on-sale-event-picker';
export { ConfirmActionDialog } from './confirm-action-dialog';
export { StaffListStates } from './staff-list-states';
export type { StaffApi } from '../api/staff-client';
export { isApiError } from '../api/api-error';
export { useCsvDownload } from './use-csv-download';
export { BookingTotals, amountOf } from './booking-money';
export { countOf } from './count-of';
export { StaffPager, pageCount } from './staff-pager';
export { StaffTable, type StaffColumn } from './staff-table';
export { FilterSelect, type FilterOption } from './filter-select';
