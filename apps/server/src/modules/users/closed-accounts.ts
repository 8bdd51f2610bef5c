// Closed accounts (a soft-deleted user): their money stays theirs. Nothing new may be credited to them (no
// deposit approval, no admin addition, no transfer), but a pending withdrawal deleted by an admin is still
// refunded into the account, and an admin may remove points to settle and pay out what is left.
import { sql } from 'drizzle-orm';
import { centsToNumber, type ClosedAccountsResponse } from '@app/contract';
import { fixedStatement, type Db, type Tx } from '../../db/client.js';

const closedStatement = fixedStatement<{ closed: boolean }, 'userId'>((v) => sql`select deleted_at is not null as closed from users where id = ${v('userId')}::uuid for share`);

/**
 * Whether the user's account is closed, read under a FOR SHARE lock on the user row: a concurrent deletion (which
 * takes a FOR NO KEY UPDATE lock on that row) either commits first and is seen here, or waits until this
 * transaction has committed, so no credit lands on an account closed in the meantime.
 */
export async function accountClosed(tx: Tx, userId: string): Promise<boolean> {
  const { rows } = await closedStatement(tx, { userId });
  return rows[0]?.closed ?? true;
}

/** Closed accounts, most recently closed first, with what each still holds (users desk). */
export async function listClosedAccounts(db: Db, q: { page: number; limit: number }): Promise<Omit<ClosedAccountsResponse, 'success' | 'message'>> {
  const [rows, totals] = await Promise.all([
    db.execute<{ id: string; full_name: string; email: string; balance_cents: number | null; deleted_at: Date | string }>(sql`
      select u.id, u.full_name, u.email, a.balance_cents, u.deleted_at
      from users u left join ledger_accounts a on a.user_id = u.id
      where u.deleted_at is not null
      order by u.deleted_at desc, u.id
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute<{ total: number; balance: number | null }>(sql`
      select count(*)::int as total, sum(a.balance_cents)::bigint as balance
      from users u left join ledger_accounts a on a.user_id = u.id
      where u.deleted_at is not null`),
  ]);
  return {
    accounts: rows.rows.map((r) => ({
      _id: r.id,
      fullName: r.full_name,
      email: r.email,
      point: centsToNumber(r.balance_cents ?? 0),
      closedAt: new Date(r.deleted_at).toISOString(),
    })),
    page: q.page,
    limit: q.limit,
    total: totals.rows[0]?.total ?? 0,
    totalBalance: centsToNumber(totals.rows[0]?.balance ?? 0),
  };
}
