// The counts kept by triggers (migrations 0005, 0023, 0027, 0033). Each is the sum of its shards' rows.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export type RowCountName = 'users_live' | 'audit_log' | 'deposits_visible' | 'withdrawals_visible' | PendingFigure | `audit_action:${string}`;
/** The dashboard's pending money (migration 0027): how many, and their sum in cents. */
type PendingFigure = 'deposits_pending' | 'deposits_pending_cents' | 'withdrawals_pending' | 'withdrawals_pending_cents';

/** The audit log's count of one actor (migration 0023), the actor given as an SQL uuid expression. */
export const auditActorCount = (actorId: SQL): SQL =>
  sql`(select coalesce(sum(n), 0)::int from row_counts where name = 'audit_actor:' || (${actorId})::text)`;

/** A scalar subquery giving the count as an int, for use inside a larger statement. */
export const rowCount = (name: RowCountName): SQL => sql`(select coalesce(sum(n), 0)::int from row_counts where name = ${name})`;

/** A kept sum that may pass 2^31 (cents), as a bigint scalar subquery. */
export const rowSum = (name: PendingFigure): SQL => sql`(select coalesce(sum(n), 0)::bigint from row_counts where name = ${name})`;

/** The dashboard's figures per UTC day (migration 0033), each named `<figure>:<YYYY-MM-DD>`. */
type DayFigure = 'deposits_day_cents' | 'withdrawals_day_cents' | 'signups_day';

/** A day's kept figure as a bigint scalar subquery, the day given as an SQL 'YYYY-MM-DD' text expression. */
export const daySeries = (name: DayFigure, day: SQL): SQL =>
  sql`(select coalesce(sum(n), 0)::bigint from row_counts where name = ${`${name}:`} || ${day})`;

/** The count on its own. */
export async function readRowCount(db: Pick<Db, 'execute'>, name: RowCountName): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select ${rowCount(name)} as n`);
  return Number(rows[0]?.n ?? 0);
}
