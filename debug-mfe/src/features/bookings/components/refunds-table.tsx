import type { DebugBooking } from 'booking-service/contract';
import { EmptyState } from 'shared-ui';
import { StaffTable, type StaffColumn } from 'shared-ui/staff';
import { BOOKING_SUMMARY_COLUMNS } from './booking-summary-columns';

const STATUS = { pending: 'Refund pending', refunded: 'Refunded', failed: 'Refund failed' } as const;

const COLUMNS: StaffColumn<DebugBooking>[] = [
  ...BOOKING_SUMMARY_COLUMNS,
  { heading: 'Refund', cell: (booking) => STATUS[booking.refundStatus!] },
  { heading: 'Reason', className: 'debug__reason', cell: (booking) => booking.refundReason },
];

/** Payments that arrived after their hold for seats sold meanwhile: kept on record and refunded, with why. */
export function RefundsTable({ bookings }: { bookings: DebugBooking[] }) {
  const flagged = bookings.filter((b) => b.refundStatus);
  if (flagged.length === 0) return <EmptyState title="No refunds" text="No payment needed refunding." />;
  return <StaffTable caption="Bookings flagged for refund" columns={COLUMNS} rows={flagged} rowKey={(booking) => booking.id} />;
}
