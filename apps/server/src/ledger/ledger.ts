// The only code that moves money. A posting is one ledger transaction of ≥ 2 entries summing to zero, written
// inside the caller's database transaction by the database function ledger_post (migration 0004). Accounts are
// locked in id order (no deadlocks), user debits are checked under that lock, and the database re-checks
// everything: the entry trigger applies balances, a CHECK keeps user balances ≥ 0, a deferred trigger refuses
// unbalanced transactions at commit, and event_key is unique so one business event can take effect only once.
import { sql } from 'drizzle-orm';
import { AppError, PG, pgCode } from '../errors.js';
import type { DbOrTx, SystemAccount, Tx } from './accounts.js';

export type AccountRef = { userId: string } | { code: SystemAccount };

export interface Posting {
  account: AccountRef;
  amountCents: number;
}

export interface PostInput {
  kind: string;
  /** Names the business event; a second posting with the same key is refused. */
  eventKey: string;
  postings: Posting[];
  actorId?: string | null;
  memo?: Record<string, unknown>;
  /** Message when a user account lacks the funds (default "Insufficient balance"). */
  insufficientMessage?: string;
  insufficientStatus?: number;
}

export class DuplicateEventError extends AppError {
  constructor() {
    super(409, 'This operation has already been recorded');
  }
}

const pgArray = (items: (string | number | null)[]) =>
  `{${items.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * Posts one ledger transaction through the database function ledger_post (migration 0004): it resolves the
 * accounts, locks them in id order, refuses a user debit beyond the balance under that lock and writes the
 * transaction with one entry per account, all in one statement. `tx` may be a transaction, or the pool when
 * this posting is the operation's only write (one statement is its own transaction).
 */
export async function post(tx: DbOrTx, input: PostInput): Promise<{ transactionId: number }> {
  const { postings } = input;
  if (postings.length < 2) throw new Error('a ledger transaction needs at least two entries');
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) throw new Error(`bad amount ${p.amountCents}`);
  }
  if (postings.reduce((s, p) => s + p.amountCents, 0) !== 0) throw new Error('postings do not sum to zero');

  const users = pgArray(postings.map((p) => ('userId' in p.account ? p.account.userId : null)));
  const codes = pgArray(postings.map((p) => ('code' in p.account ? p.account.code : null)));
  const amounts = pgArray(postings.map((p) => p.amountCents));
  try {
    const { rows } = await tx.execute<{ id: string }>(sql`
      select ledger_post(${input.kind}, ${input.eventKey}, ${input.actorId ?? null}::uuid,
        ${input.memo ? JSON.stringify(input.memo) : null}::jsonb, ${users}::uuid[], ${codes}::text[], ${amounts}::bigint[]) as id`);
    return { transactionId: Number(rows[0].id) };
  } catch (e) {
    const code = pgCode(e);
    if (code === PG.uniqueViolation) throw new DuplicateEventError();
    // ML402 is the function's own check under the lock; the CHECK on user balances is the last line behind it.
    if (code === PG.insufficientFunds || code === PG.checkViolation) {
      throw new AppError(input.insufficientStatus ?? 400, input.insufficientMessage ?? 'Insufficient balance');
    }
    if (code === PG.accountNotFound) throw new AppError(404, 'Account not found');
    throw e;
  }
}

/** Balance of a user's account read inside a transaction (optionally locking it). */
export async function lockedUserBalance(tx: Tx, userId: string): Promise<number> {
  const rows = await tx.execute<{ balance_cents: number }>(
    sql`select balance_cents from ledger_accounts where user_id = ${userId} for update`,
  );
  return Number(rows.rows[0]?.balance_cents ?? 0);
}
