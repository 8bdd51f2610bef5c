// Admin desk payloads: the users table, role changes, user stats, the dashboard and the audit log.
// Query strings arrive as text, so numbers are coerced; out-of-range values are a 400, not silently clamped.
import { z } from 'zod';
import { ASSIGNABLE_ROLES, LIMITS, ROLES } from './constants.js';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX } from './admin.js';
import { statementEntry } from './points.js';
import { depositRecord } from './deposits.js';
import { withdrawalRecord } from './withdrawals.js';
import { ticketSummary } from './support.js';

export const ROLE_MESSAGE = 'Role must be USER or ADMIN';

/** Only USER and ADMIN can be given; SADMIN, unknown text or a missing role are all the same 400. */
export const updateRoleBody = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: ROLE_MESSAGE }),
});

const limitMessage = `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`;
const page = z.coerce
  .number({ error: 'page must be a whole number of at least 1' })
  .int('page must be a whole number of at least 1')
  .min(1, 'page must be a whole number of at least 1')
  .max(1_000_000, 'page is too large')
  .default(1);
const limit = z.coerce
  .number({ error: limitMessage })
  .int(limitMessage)
  .min(1, limitMessage)
  .max(ADMIN_PAGE_MAX, limitMessage)
  .default(ADMIN_PAGE_DEFAULT);

/** GET /user/all?page=&limit=&q=; without page and limit, every user (up to LIST_ALL_MAX, see admin.ts). */
export const userListQuery = z.object({
  page: page.unwrap().optional(),
  limit: limit.unwrap().optional(),
  /** Part of a name or e-mail; empty means everyone. */
  q: z.string().trim().max(LIMITS.emailMax, 'Search text is too long').optional(),
});

const isoDate = (field: string) => z.iso.date(`${field} must be a date like 2025-01-31`);

/** GET /admin/audit?actor=&action=&from=&to=&page=&limit= */
export const auditQuery = z
  .object({
    page,
    limit,
    /** The actor's e-mail, exact (case-insensitive). */
    actor: z.string().trim().normalize('NFC').toLowerCase().max(LIMITS.emailMax, 'actor is too long').optional(),
    action: z.string().trim().max(64, 'action is too long').optional(),
    /** Inclusive UTC day range. */
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to' });

const ok = { success: z.boolean(), message: z.string() };

export const adminUserRow = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  point: z.number(),
  subscription: z.boolean(),
  /** The referrer's e-mail, or null. */
  referredBy: z.string().nullable(),
  /** What the referral program has paid this user (commissions and first-deposit bonuses), in points. */
  referralEarnings: z.number(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const userListResponse = z.object({
  ...ok,
  users: z.array(adminUserRow),
  page: z.number(),
  limit: z.number(),
  /** Users matching the search (deleted users never count). */
  total: z.number(),
  /** ADMIN and SADMIN users among them. */
  adminCount: z.number(),
  /** True when a read without page and limit stopped at LIST_ALL_MAX users (total says how many there are). */
  capped: z.boolean(),
});
export type UserListResponse = z.infer<typeof userListResponse>;

export const updateRoleResponse = z.object({ ...ok, role: z.enum(ASSIGNABLE_ROLES) });

export const userStatsResponse = z.object({ ...ok, allUsersCount: z.number(), subscribedUsersCount: z.number() });
export type UserStatsResponse = z.infer<typeof userStatsResponse>;

const countAmount = z.object({ count: z.number(), amount: z.number() });

export const DASHBOARD_DAYS = 30;

export const dashboardResponse = z.object({
  ...ok,
  users: z.number(),
  subscribers: z.number(),
  pendingDeposits: countAmount,
  pendingWithdrawals: countAmount,
  /** Sum of every user account's balance: what the platform owes its users. */
  userBalances: z.number(),
  /** Everything the referral program has paid (commissions and first-deposit bonuses), in points. */
  referralCommissions: z.number(),
  /** The last 30 UTC days, oldest first, today last; days without activity are zeros. */
  series: z.array(z.object({ day: z.string(), deposits: z.number(), withdrawals: z.number(), signups: z.number() })),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const auditEntry = z.object({
  _id: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({ ...ok, entries: z.array(auditEntry), page: z.number(), limit: z.number(), total: z.number() });
export type AuditResponse = z.infer<typeof auditResponse>;

/**
 * GET /admin/go-live (super admin): what stands between this installation and running real money. Each item is
 * ok or not, with the figure that says why (`count`: admins without two-factor sign-in; `at`: the last backup) and
 * where it is fixed (`fix`: a page of the app, or null when it is the environment: README, Configuration).
 */
export const GO_LIVE_ITEMS = ['admin2fa', 'backup', 'chain', 'supportContacts', 'fourEyes', 'newAddressHold', 'trustProxy', 'appUrlHttps'] as const;
export const goLiveResponse = z.object({
  ...ok,
  items: z.array(
    z.object({
      id: z.enum(GO_LIVE_ITEMS),
      ok: z.boolean(),
      count: z.number().optional(),
      at: z.string().nullable().optional(),
      fix: z.string().nullable(),
    }),
  ),
});
export type GoLiveResponse = z.infer<typeof goLiveResponse>;

/** GET /admin/users/{id}: one user as the admins' page about them shows them (docs/product.md#admin-desks). */
export const adminUserOverview = z.object({
  success: z.boolean(),
  message: z.string(),
  user: z.object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    role: z.enum(ROLES),
    subscription: z.boolean(),
    createdAt: z.string(),
    /** Set when the account was closed (deleted); its records stay. */
    closedAt: z.string().nullable(),
    referredBy: z.string().nullable(),
  }),
  balance: z.number(),
  /** The newest ledger movements, as the user's own statement shows them. */
  ledger: z.array(statementEntry),
  deposits: z.array(depositRecord),
  withdrawals: z.array(withdrawalRecord),
  sessions: z.array(z.object({ _id: z.string(), userAgent: z.string(), ip: z.string(), createdAt: z.string(), lastSeenAt: z.string() })),
  referrals: z.object({ total: z.number(), recent: z.array(z.object({ fullName: z.string(), email: z.string(), createdAt: z.string() })) }),
  tickets: z.array(ticketSummary),
});
export type AdminUserOverview = z.infer<typeof adminUserOverview>;
