// One user as the admins' page about them shows them (docs/product.md#admin-desks): who they are, their balance,
// their newest ledger movements (as their own statement reads), deposits, withdrawals, open sessions, the people
// they invited and their support tickets. Read-only, from the services that already answer each part for the user
// themself, so an admin sees what the user sees.
import { count, desc, eq } from 'drizzle-orm';
import { ADMIN_MSG, type AdminUserOverview, type Language } from '@app/contract';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { UUID_PATTERN } from '../../http/route-helpers.js';
import { myRecords } from '../money-records/money-records.service.js';
import { depositRecords } from '../deposits/deposits.service.js';
import { withdrawalRecords } from '../withdrawals/withdrawals.service.js';
import { statementPage } from '../statement/statement.service.js';
import { listOwnTickets } from '../support/support.service.js';

/** How many of each list the page shows: the newest; the full lists are on the desks and the statement. */
const RECENT = 20;

export async function userOverview(db: Db, id: string, lang: Language): Promise<Omit<AdminUserOverview, 'success' | 'message'>> {
  if (!UUID_PATTERN.test(id)) throw notFound(ADMIN_MSG.userNotFound);
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound(ADMIN_MSG.userNotFound);
  const [statement, deposits, withdrawals, open, invited, [{ total }], tickets, [ref]] = await Promise.all([
    statementPage(db, id, undefined, RECENT, lang),
    myRecords(db, depositRecords, id),
    myRecords(db, withdrawalRecords, id),
    db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.lastSeenAt)),
    db
      .select({ fullName: users.fullName, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.referredBy, id))
      .orderBy(desc(users.createdAt))
      .limit(RECENT),
    db.select({ total: count() }).from(users).where(eq(users.referredBy, id)),
    listOwnTickets(db, id),
    user.referredBy ? db.select({ email: users.email }).from(users).where(eq(users.id, user.referredBy)).limit(1) : Promise.resolve([]),
  ]);
  return {
    user: {
      _id: user.id,
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      role: user.role,
      subscription: user.subscribedAt !== null,
      createdAt: user.createdAt.toISOString(),
      closedAt: user.deletedAt ? user.deletedAt.toISOString() : null,
      referredBy: ref?.email ?? null,
    },
    balance: statement.balance,
    ledger: statement.entries,
    deposits: deposits.slice(0, RECENT),
    withdrawals: withdrawals.slice(0, RECENT),
    sessions: open.map((s) => ({ _id: s.id, userAgent: s.userAgent ?? '', ip: s.ip ?? '', createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
    referrals: { total, recent: invited.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) },
    tickets: tickets.slice(0, RECENT),
  };
}
