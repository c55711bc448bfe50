/**
 * What a person reads when a call fails. The service's own sentences for people
 * (they start with a capital: "Seats A1, A2 are already booked") pass through;
 * its field-level validation messages ("showPrice must be >= 0", "params.id must
 * match pattern …"), bare status codes and route errors never reach a screen.
 */
const FIELD_RULES: [RegExp, string][] = [
  [/^showPrice\b/, 'Price must be a number of at least 0'],
  [/^showsInput\b.*\bin the past\b/, 'Pick a date and time in the future'],
  [/^showsInput\b/, 'Check the show dates and times'],
  [/^(selectedSeats|showId)\b/, 'Please select a time and seats'],
];

export const GENERIC_FAILURE = 'An error occurred. Please try again.';
const SERVER_FAILURE = 'Something went wrong on our side. Please try again in a moment.';
const NOT_AVAILABLE = 'This is not available (any more).';

export function friendlyMessage(status: number, message: string | undefined): string {
  if (!message) return status >= 500 ? SERVER_FAILURE : status === 404 ? NOT_AVAILABLE : GENERIC_FAILURE;
  if (status === 404 && message.startsWith('No route ')) return NOT_AVAILABLE;
  // A field-level message names a field first, in lower camel case.
  if (/^[a-z]/.test(message)) return FIELD_RULES.find(([pattern]) => pattern.test(message))?.[1] ?? GENERIC_FAILURE;
  return message;
}
