import { ticketQrText } from 'booking-service/ticket-qr-text';
import { QrCode } from './qr-code';

/**
 * A ticket's QR with its code printed under it: the door can type the code when a cracked screen or a dim
 * phone does not scan, and the moviegoer can read it out to support. Every QR of a ticket is drawn through this.
 */
export function TicketQr({ code }: { code: string }) {
  return (
    <figure className="c-ticket-qr">
      <QrCode value={ticketQrText(code)} label={`Ticket QR code ${code}`} />
      <figcaption className="c-ticket-qr__code c-mono">
        {code}
      </figcaption>
    </figure>
  );
}
