import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed at the door is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_CODE_LENGTH = 10;
export const TICKET_CODE_PATTERN = '^[0-9A-HJKMNP-TV-Z]{10}$';

/** A short, unguessable ticket code: 10 base32 characters, 50 random bits. */
export function newTicketCode(): string {
  const bytes = randomBytes(TICKET_CODE_LENGTH);
  let code = '';
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  for (const byte of bytes) code += ALPHABET[byte % 32];
  return code;
}

export function isTicketCode(value: string): boolean {
  return new RegExp(TICKET_CODE_PATTERN).test(value);
}
