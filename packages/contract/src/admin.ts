// Admin money calls: points added or removed (docs/product.md#validation, #api), list paging, the ledger check.
import { z } from 'zod';
import { LIMITS, MSG } from './constants.js';
import { parseCents } from './money.js';

export const ADMIN_MSG = {
  pointsAdded: 'Points added successfully',
  pointsRemoved: 'Points removed successfully',
  userNotFound: 'User not found',
  insufficient: 'The user does not have enough points',
} as const;

/** POST /adpoint/addpoint and /removepoint {email, points}: any invalid input gets the product's one message. */
export const adminPointsBody = z
  .object({ email: z.unknown().optional(), points: z.unknown().optional() })
  .transform((v, ctx) => {
    const email = typeof v.email === 'string' ? v.email.trim().normalize('NFC').toLowerCase() : '';
    const cents = parseCents(v.points);
    if (!email || email.length > LIMITS.emailMax || cents === null) {
      ctx.addIssue({ code: 'custom', message: MSG.adminPointsInvalid });
      return z.NEVER;
    }
    return { email, points: cents };
  });

export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 20;
/**
 * Public-API clients (docs/product.md#drop-in-clients) read GET /user/all, /deposit/deposit and /withdraw without paging parameters and count what
 * they get: such a read returns every row, in the list's order, up to this many (then `capped: true`).
 * With `page` or `limit` the lists page (a missing one takes its default: page 1, limit 20).
 */
export const LIST_ALL_MAX = 10_000;

/** The message of an unpaged read that stopped at LIST_ALL_MAX rows. */
export function listCappedMessage(what: string, total: number): string {
  return `Showing the first ${LIST_ALL_MAX} of ${total} ${what}; ask with page and limit to read them all`;
}

/** ?page=&limit=&status=&email= of the admin lists (newest first); without page and limit, every row (LIST_ALL_MAX). */
export function adminListQuery<S extends z.ZodEnum>(status: S) {
  return z.object({
    page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).optional(),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`)
      .optional(),
    status: z
      .union([status, z.literal('all'), z.literal('')])
      .optional()
      .transform((s) => (s === '' || s === 'all' ? undefined : s) as z.infer<S> | undefined),
    email: z
      .string()
      .trim()
      .normalize('NFC')
      .toLowerCase()
      .max(LIMITS.emailMax)
      .optional()
      .transform((e) => e || undefined),
    /** oldest: the queue's order (the desk works from the oldest pending record); newest (the default) otherwise. */
    order: z.enum(['newest', 'oldest']).optional(),
  });
}

export const ledgerReport = z.object({
  success: z.boolean(),
  message: z.string(),
  ok: z.boolean(),
  breaches: z.array(z.string()),
  stats: z.object({ accounts: z.number(), transactions: z.number(), entries: z.number(), userBalanceCents: z.number() }),
});
