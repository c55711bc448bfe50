import { isTicketCode } from '../bookings/ticket-code.ts';
import { ticketQrText } from '../contract/ticket-qr-text.ts';

/** The scanned code as the log keeps it (an unknown code is kept cut to this). */
const LOGGED_CODE_LENGTH = 64;

const QR_PREFIX = ticketQrText('');
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a scan or door name is not text a door could send (blank, control characters); null when it is. Lengths: the schema. */
export function scanTextProblem(field: 'code' | 'door', value: string): string | null {
  if (!value.trim()) return `${field} is empty`;
  if (CONTROL_CHARACTER.test(value)) return `${field} has control characters`;
  return null;
}

/**
 * What a scan says: the ticket code typed (any case) or the QR's text (`TICKET:<code>`). `ticketCode` is null
 * when it cannot be one (no booking will match); `logged` is what the log records.
 */
export function readScan(scan: string): { ticketCode: string | null; logged: string } {
  let text = scan.trim();
  if (text.toUpperCase().startsWith(QR_PREFIX)) text = text.slice(QR_PREFIX.length).trim();
  const code = text.toUpperCase();
  return { ticketCode: isTicketCode(code) ? code : null, logged: code.slice(0, LOGGED_CODE_LENGTH) };
}
