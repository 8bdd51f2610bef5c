// Read-only figures for the admin desk. Each answer is one aggregate SQL statement (so its figures come
// from one snapshot), served by indexes: no per-row work in Node.
import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_DAYS, centsToNumber, type AuditEntry, type DashboardResponse } from '@app/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { auditActorCount, daySeries, rowCount, rowSum } from '../../db/row-counts.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

type Dashboard = Omit<DashboardResponse, 'success' | 'message'>;

/**
 * Pending money is every non-hidden pending record (a deleted user's pending withdrawal still needs handling);
 * user balances include deleted users, whose funds the platform still holds. The series counts what happened
 * on each UTC day: non-hidden deposits and withdrawals created that day (any status) and sign-ups (including
 * accounts deleted since).
 */
export async function dashboard(db: Db, clock: Clock): Promise<Dashboard> {
  const today = clock();
  const first = new Date(Date.parse(utcDay(today)) - (DASHBOARD_DAYS - 1) * DAY_MS);
  const { rows } = await db.execute<{
    users: number;
    subscribers: number;
    pending_deposits: number;
    pending_deposits_cents: number;
    pending_withdrawals: number;
    pending_withdrawals_cents: number;
    user_balances_cents: number;
    referral_commissions_cents: number;
    series: { day: string; deposits: number; withdrawals: number; signups: number }[];
  }>(sql`
    with days as (
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${utcDay(first)}::date, ${utcDay(today)}::date, interval '1 day') as d
    )
    select
      ${rowCount('users_live')} as users,
      (select count(*)::int from users where deleted_at is null and subscribed_at is not null) as subscribers,
      -- Kept by triggers (migration 0027): a million users' pending records took most of the time to count and sum.
      ${rowCount('deposits_pending')} as pending_deposits, ${rowSum('deposits_pending_cents')} as pending_deposits_cents,
      ${rowCount('withdrawals_pending')} as pending_withdrawals, ${rowSum('withdrawals_pending_cents')} as pending_withdrawals_cents,
      -- Every ledger transaction sums to zero (docs/money.md), so the users hold exactly what the system
      -- accounts are owed: read 6 rows instead of summing every user's account.
      (select -coalesce(sum(balance_cents), 0)::bigint from ledger_accounts where code is not null) as user_balances_cents,
      -- Everything the referral program paid is what its system account gave out.
      (select -coalesce(sum(balance_cents), 0)::bigint from ledger_accounts where code = 'expense:referrals') as referral_commissions_cents,
      -- Kept by triggers per UTC day (migration 0033): summing the records of 30 days grew with the traffic.
      (select json_agg(json_build_object(
                'day', days.day,
                'deposits', ${daySeries('deposits_day_cents', sql`days.day`)},
                'withdrawals', ${daySeries('withdrawals_day_cents', sql`days.day`)},
                'signups', ${daySeries('signups_day', sql`days.day`)}) order by days.day)
         from days) as series`);
  const r = rows[0];
  return {
    users: r.users,
    subscribers: r.subscribers,
    pendingDeposits: { count: r.pending_deposits, amount: centsToNumber(r.pending_deposits_cents) },
    pendingWithdrawals: { count: r.pending_withdrawals, amount: centsToNumber(r.pending_withdrawals_cents) },
    userBalances: centsToNumber(r.user_balances_cents),
    referralCommissions: centsToNumber(r.referral_commissions_cents),
    series: r.series.map((d) => ({
      day: d.day,
      deposits: centsToNumber(d.deposits),
      withdrawals: centsToNumber(d.withdrawals),
      signups: Number(d.signups),
    })),
  };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function auditEntries(
  db: Db,
  opts: { page: number; limit: number; actor?: string; action?: string; from?: string; to?: string },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const filters: SQL[] = [];
  const actorId = sql`(select id from users where email = ${opts.actor?.trim().toLowerCase() ?? ''})`;
  if (opts.actor) filters.push(sql`l.actor_id = ${actorId}`);
  if (opts.action) filters.push(sql`l.action = ${opts.action}`);
  if (opts.from) filters.push(sql`l.created_at >= ${new Date(`${opts.from}T00:00:00Z`)}`);
  if (opts.to) filters.push(sql`l.created_at < ${new Date(Date.parse(`${opts.to}T00:00:00Z`) + DAY_MS)}`);
  // Unfiltered, or filtered by the actor alone or the action alone, the total is trigger-kept (migrations 0005 and
  // 0023); other filters count through their index.
  const keptTotal =
    filters.length === 0 ? rowCount('audit_log') : filters.length > 1 ? null : opts.actor ? auditActorCount(actorId) : opts.action ? rowCount(`audit_action:${opts.action}`) : null;
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const offset = (opts.page - 1) * opts.limit;

  const [rows, count] = await Promise.all([
    db.execute<{
      id: number;
      actor_email: string | null;
      action: string;
      target_type: string;
      target_id: string | null;
      before: string | null;
      after: string | null;
      created_at: Date | string;
    }>(sql`
      with page as (
        -- The page's ids from an index-only scan (audit_created_idx, or the action / actor index when filtered).
        select l.id, l.created_at from audit_log l ${where}
        order by l.created_at desc, l.id desc
        limit ${opts.limit} offset ${offset}
      )
      select l.id, a.email as actor_email, l.action, l.target_type, l.target_id, l.before, l.after, l.created_at
      from page p
      join audit_log l on l.id = p.id
      left join users a on a.id = l.actor_id
      order by p.created_at desc, p.id desc`),
    db.execute<{ total: number }>(keptTotal ? sql`select ${keptTotal} as total` : sql`select count(*)::int as total from audit_log l ${where}`),
  ]);
  return {
    total: count.rows[0]?.total ?? 0,
    entries: rows.rows.map((e) => ({
      _id: String(e.id),
      actorEmail: e.actor_email,
      action: e.action,
      targetType: e.target_type,
      targetId: e.target_id,
      before: parseJson(e.before),
      after: parseJson(e.after),
      createdAt: new Date(e.created_at).toISOString(),
    })),
  };
}
