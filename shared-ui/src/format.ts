/** Formatters of spec §9, shared by every frontend. */
import { bookingStatusLabel as statusLabel, type BookingStateFacts } from 'booking-service/booking-status';

/** 148 -> "2h 28m"; 45 -> "0h 45m". */
export function formatRuntime(minutes: number): string {
  const safe = Math.max(0, Math.round(minutes));
  return `${Math.floor(safe / 60)}h ${safe % 60}m`;
}

export const CURRENCY_SYMBOL = '$';

/**
 * A number format made on first use, not when this module loads: the first
 * Intl formatter of a page loads locale data (about 25 ms on this machine, four
 * times that on a slow phone), which a page that shows no money should not pay
 * while it starts.
 */
function numberFormatOnFirstUse(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  return () => (format ??= new Intl.NumberFormat('en-US', options));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one money format of every screen, the same as the payment page's and the
 * emails': 25.5 -> "$25.50"; 12 -> "$12.00"; 1234 -> "$1,234.00". `currency` is
 * the service's CURRENCY setting (GET /api/config), so a theatre selling in
 * rupees shows "₹"; made on first use per currency (see numberFormatOnFirstUse).
 */
export function formatPrice(amount: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    // The currency's own minor unit: two decimals for dollars and rupees, none for yen.
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** A film's rating means something only once people have voted on it (unreleased films have none). */
export function hasRating(movie: { vote_count?: number | null; vote_average?: number | null }): boolean {
  return (movie.vote_count ?? 0) > 0 && (movie.vote_average ?? 0) > 0;
}

const usd = numberFormatOnFirstUse({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Budgets in USD without decimals: 150000000 -> "$150,000,000". */
export function formatBudget(amount: number): string {
  return usd().format(amount);
}

/** Vote counts above 1000 as k with one decimal: 23456 -> "23.5k"; 987 -> "987". */
export function formatVotes(count: number): string {
  return count > 1000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

/** "2026-05-01" -> "2026"; empty when unknown. */
export function releaseYear(date: string | null | undefined): string {
  return date ? date.slice(0, 4) : '';
}

/** A show instant in the visitor's locale: "Sat, Nov 21, 7:30 PM". */
export function formatShowTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** "7:30 PM" */
export function formatTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** "2026-11-21" -> "Sat, Nov 21" (the date itself, no time zone shift). */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * A booking's state as every list says it (admin and debug remotes, My Bookings' badge): the label of the one status
 * text per state (booking-service/booking-status): Paid, Awaiting payment, Cancelled: not paid, or a
 * cancellation with its refund (a cancelled paid booking, a late payment sent back).
 */
export function bookingStatusLabel(booking: BookingStateFacts): string {
  return statusLabel(booking);
}
