import QRCode from 'qrcode';
import { ticketQrText } from '../contract/ticket-qr-text.ts';

// The e-ticket's QR code. Medium error correction survives a scuffed phone screen.

/** PNG data URL, for email (mail clients show PNG; nodemailer turns it into an inline attachment for SMTP). */
export function ticketQrDataUrl(ticketCode: string): Promise<string> {
  return QRCode.toDataURL(ticketQrText(ticketCode), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** SVG, for the web (sharp at any size). */
export function ticketQrSvg(ticketCode: string): Promise<string> {
  return QRCode.toString(ticketQrText(ticketCode), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
