// Closed accounts (deleted users) with their balances, for the users desk: what is left to settle and pay out.
import { z } from 'zod';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX } from './admin.js';

/** GET /admin/closed-accounts?page=&limit= */
export const closedAccountsQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(100_000, 'page is too large').default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`)
    .max(ADMIN_PAGE_MAX, `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_DEFAULT),
});

export const closedAccountRow = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** The balance still held, in points (USDT). */
  point: z.number(),
  closedAt: z.string(),
});

export const closedAccountsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  accounts: z.array(closedAccountRow),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  /** Sum of the balances of every closed account, in points. */
  totalBalance: z.number(),
});
export type ClosedAccountsResponse = z.infer<typeof closedAccountsResponse>;
