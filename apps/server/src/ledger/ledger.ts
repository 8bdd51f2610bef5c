// The only code that moves money. A posting is one ledger transaction of ≥ 2 entries summing to zero,
// written inside the caller's database transaction. Accounts are locked in id order (no deadlocks), user
// debits are checked under that lock, and the database re-checks everything: the entry trigger applies
// balances, a CHECK keeps user balances ≥ 0, a deferred trigger refuses unbalanced transactions at commit,
// and event_key is unique so one business event can take effect only once.
import { inArray, or, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/index.js';
import { AppError, PG, pgCode } from '../errors.js';
import type { SystemAccount, Tx } from './accounts.js';

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

const refKey = (a: AccountRef) => ('userId' in a ? `u:${a.userId}` : `s:${a.code}`);

export async function post(tx: Tx, input: PostInput): Promise<{ transactionId: number }> {
  const { postings } = input;
  if (postings.length < 2) throw new Error('a ledger transaction needs at least two entries');
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) throw new Error(`bad amount ${p.amountCents}`);
  }
  if (postings.reduce((s, p) => s + p.amountCents, 0) !== 0) throw new Error('postings do not sum to zero');

  const userIds = postings.flatMap((p) => ('userId' in p.account ? [p.account.userId] : []));
  const codes = postings.flatMap((p) => ('code' in p.account ? [p.account.code] : []));
  const conditions = [];
  if (userIds.length) conditions.push(inArray(ledgerAccounts.userId, userIds));
  if (codes.length) conditions.push(inArray(ledgerAccounts.code, codes));

  // Lock every account this posting touches, always in id order.
  const accounts = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, code: ledgerAccounts.code, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(or(...conditions))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const byRef = new Map(accounts.map((a) => [a.userId ? `u:${a.userId}` : `s:${a.code}`, a]));

  const net = new Map<number, number>();
  for (const p of postings) {
    const acct = byRef.get(refKey(p.account));
    if (!acct) throw new AppError(404, 'Account not found');
    net.set(acct.id, (net.get(acct.id) ?? 0) + p.amountCents);
  }
  for (const a of accounts) {
    const change = net.get(a.id) ?? 0;
    if (a.userId && a.balance + change < 0) {
      throw new AppError(input.insufficientStatus ?? 400, input.insufficientMessage ?? 'Insufficient balance');
    }
  }

  const entries = [...net].filter(([, amount]) => amount !== 0).sort(([a], [b]) => a - b);
  // The transaction row and its entries in one statement (one round trip while the accounts are locked);
  // entries go in account-id order. A duplicate event key (unique violation) and a user balance that would
  // go negative (the CHECK, the last line of defence behind the check above) are told apart by their codes.
  try {
    const { rows } = await tx.execute<{ transaction_id: number }>(sql`
      with t as (
        insert into ${ledgerTransactions} (kind, event_key, actor_id, memo)
        values (${input.kind}, ${input.eventKey}, ${input.actorId ?? null}, ${input.memo ? JSON.stringify(input.memo) : null}::jsonb)
        returning id
      )
      insert into ${ledgerEntries} (transaction_id, account_id, amount_cents)
      select t.id, e.account_id, e.amount_cents
      from t, unnest(${`{${entries.map(([id]) => id).join(',')}}`}::bigint[], ${`{${entries.map(([, c]) => c).join(',')}}`}::bigint[])
        with ordinality as e(account_id, amount_cents, n)
      order by e.n
      returning transaction_id`);
    return { transactionId: Number(rows[0].transaction_id) };
  } catch (e) {
    if (pgCode(e) === PG.uniqueViolation) throw new DuplicateEventError();
    if (pgCode(e) === PG.checkViolation) throw new AppError(input.insufficientStatus ?? 400, input.insufficientMessage ?? 'Insufficient balance');
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
