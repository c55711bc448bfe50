/**
 * Release 0's remotes only (see index.ts): they render this beside their payment actions. This release
 * shows the test cards on the checkout page alone, in its flow (never beside or over the seat
 * map, the hold or the QR), so under this shell their hint renders nothing; the name stays so that
 * those remotes still load.
 */
export function TestPaymentInfo(_props: { floating?: boolean; onClose?: () => void }): null {
  return null;
}
