// Money is integer cents everywhere on the server; JSON carries numbers with at most 2 decimals.
// Parsing works on the decimal text, never on float arithmetic, so 0.1 + 0.2 style errors cannot occur.
// No zod here (money.ts adds the schemas): a page that only shows amounts loads no schema code (docs/product.md#web-client).

export const MAX_AMOUNT_CENTS = 100_000_000; // 1,000,000.00

const DECIMAL = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** Cents from a decimal text or number, or null when it is not a positive amount with ≤ 2 decimals. */
export function parseCents(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // Number → shortest round-trip text; 1e21 and 1e-7 style exponents are refused by the pattern.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents <= 0 || cents > MAX_AMOUNT_CENTS) return null;
  return cents;
}

/** Cents → JSON number with at most two decimals (exact for every integer cents value we allow). */
export function centsToNumber(cents: number | bigint | string): number {
  return Number(cents) / 100;
}

/**
 * Cents → "1,234.50" style text for display. The comma every three digits is put in by hand: the browser's first
 * `toLocaleString` sets up its number formatting (about 25 ms of main thread on a laptop, four times that on a
 * phone), which the signed-in home paid when it showed the balance (docs/performance.md).
 */
export function formatCents(cents: number | bigint | string): string {
  const n = Number(cents);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A number → "12.00": the spec shows points with 2 decimals. */
export function formatPoints(value: number): string {
  return formatCents(Math.round(value * 100));
}
