/**
 * A booking's own payment link: it opens (or re-opens) the booking's payment session and sends the customer
 * there. Given when a hold's session could not be opened at once; served by payments/payment-link-routes.ts.
 */
export function paymentLinkUrl(publicUrl: string, bookingId: string): string {
  return `${publicUrl}/api/checkout/bookings/${bookingId}`;
}
