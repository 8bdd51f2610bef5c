// Money is integer cents everywhere on the server; JSON carries numbers with at most 2 decimals.
// Parsing works on the decimal text, never on float arithmetic, so 0.1 + 0.2 style errors cannot occur.
import { z } from 'zod';
import { parseCents } from './money-format.js';

export * from './money-format.js';

export const AMOUNT_MESSAGE = 'Amount must be a positive number with at most 2 decimals, up to 1,000,000.00';

/** A request money field: number or decimal string → cents. */
export const amountCents = (message = AMOUNT_MESSAGE) =>
  z.unknown().transform((value, ctx) => {
    const cents = parseCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
