/** Prices travel as currency units (25.5) and are stored as integer cents. */
export const MAX_PRICE = 10_000;

/** Converts a price in currency units to cents, or null when it has sub-cent precision or is out of range. */
export function toCents(units: number): number | null {
  if (!Number.isFinite(units) || units < 0 || units > MAX_PRICE) return null;
  const cents = Math.round(units * 100);
  // 19.99 * 100 is 1998.9999999999998: accept float noise, refuse real fractions of a cent.
  return Math.abs(cents - units * 100) < 1e-6 ? cents : null;
}

export function toUnits(cents: number): number {
  return cents / 100;
}

/** An amount in cents as the customer reads it (emails, checkout pages): "$26.00". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(toUnits(cents));
}
