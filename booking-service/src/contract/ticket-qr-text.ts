/**
 * What an e-ticket's QR code carries, wherever it is drawn (the confirmation email, the ticket image
 * and the moviegoer's screens): the ticket code, which the door checks against the booking.
 * Its own entry point (`booking-service/ticket-qr-text`) so a frontend takes this function without
 * the contract's schemas.
 */
export function ticketQrText(ticketCode: string): string {
  return `TICKET:${ticketCode}`;
}
