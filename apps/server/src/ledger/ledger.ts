// The only code that moves money. A posting is one ledger transaction of ≥ 2 entries summing to zero, written
// inside the caller's database transaction by the database function ledger_post (migration 0004). Accounts are
// locked in id order (no deadlocks), user debits are checked under that lock, and the database re-checks
// everything: the entry trigger applies balances, a CHECK keeps user balances ≥ 0, a deferred trigger refuses
// unbalanced transactions at commit, and event_key is unique so one business event can take effect only once.
import { sql, type SQL } from 'drizzle-orm';
import { AppError, PG, pgCode } from '../errors.js';
import type { SystemAccount } from './accounts.js';
import { fixedStatement, type DbOrTx } from '../db/client.js';
import { afterCommit } from '../db/transaction.js';
import { ledgerPostings } from '../metrics.js';

/**
 * A user's account by id, a system account by code, or a user's account by an SQL expression of the statement the
 * posting runs in (`userIdSql`, for a posting that names an account it looks up in the same statement).
 */
export type AccountRef = { userId: string } | { code: SystemAccount } | { userIdSql: SQL };

/**
 * One entry: an amount in cents, or (for a statement built once, `fixedStatement`) an SQL expression of its
 * parameters, whose caller checks each call's amounts as `postingCall` checks numbers.
 */
export type Posting = { account: AccountRef; amountCents: number } | { account: AccountRef; amountSql: SQL };

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

/**
 * The ledger_post(...) call (migration 0004) for one posting, as an SQL expression: `post()` runs it as its own
 * statement; an operation may embed it in a statement that also reads what the posting needs. The function
 * resolves the accounts, locks them in id order, refuses a user debit beyond the balance under that lock and
 * writes the transaction with one entry per account. `memoSql` replaces `memo` with an SQL jsonb expression; the
 * event key and actor may be SQL expressions too (a statement built once).
 */
export function postingCall(
  input: Omit<PostInput, 'eventKey' | 'actorId'> & { eventKey: string | SQL; actorId?: string | null | SQL; memoSql?: SQL },
): SQL {
  const { postings } = input;
  if (postings.length < 2) throw new Error('a ledger transaction needs at least two entries');
  const numbers = postings.flatMap((p) => ('amountCents' in p ? [p.amountCents] : []));
  if (numbers.length === postings.length) checkAmounts(numbers);
  const array = (items: SQL[], type: string) => sql`array[${sql.join(items, sql`, `)}]::${sql.raw(type)}[]`;
  const users = postings.map(({ account: a }) => ('userId' in a ? sql`${a.userId}` : 'userIdSql' in a ? a.userIdSql : sql`null`));
  const codes = postings.map(({ account: a }) => ('code' in a ? sql`${a.code}` : sql`null`));
  const amounts = postings.map((p) => ('amountCents' in p ? sql`${p.amountCents}` : p.amountSql));
  const memo = input.memoSql ?? sql`${input.memo ? JSON.stringify(input.memo) : null}::jsonb`;
  return sql`ledger_post(${input.kind}, ${input.eventKey}, ${input.actorId ?? null}::uuid, ${memo}, ${array(users, 'uuid')}, ${array(codes, 'text')}, ${array(amounts, 'bigint')})`;
}

/** A posting's amounts: whole non-zero cents that sum to zero (the database refuses anything else at commit). */
export function checkAmounts(amounts: number[]): void {
  for (const a of amounts) if (!Number.isSafeInteger(a) || a === 0) throw new Error(`bad amount ${a}`);
  if (amounts.reduce((s, a) => s + a, 0) !== 0) throw new Error('postings do not sum to zero');
}

/** What a failed posting means to the caller: the error to throw instead of the database's. */
export function postingError(e: unknown, input: Pick<PostInput, 'insufficientMessage' | 'insufficientStatus'>): unknown {
  const code = pgCode(e);
  if (code === PG.uniqueViolation) return new DuplicateEventError();
  // ML402 is the function's own check under the lock; the CHECK on user balances is the last line behind it.
  if (code === PG.insufficientFunds || code === PG.checkViolation) {
    return new AppError(input.insufficientStatus ?? 400, input.insufficientMessage ?? 'Insufficient balance');
  }
  if (code === PG.accountNotFound) return new AppError(404, 'Account not found');
  return e;
}

/**
 * Counts a posting `q` made (ledger_postings_total, docs/operations.md#metrics) once it committed. Called by whoever
 * ran `postingCall`'s statement, after it returned a transaction.
 */
export function postingDone(q: DbOrTx, kind: string): void {
  afterCommit(q, () => ledgerPostings.inc({ kind }));
}

/** The parameters of `fixedPostingCall`, filled per call by `postingValues`. */
export type PostingKey = 'postKind' | 'postEventKey' | 'postActor' | 'postMemo' | 'postUsers' | 'postCodes' | 'postAmounts';

/**
 * `postingCall` for a statement built once (`fixedStatement`): every value is a parameter (the accounts and amounts
 * as three arrays), so one text serves every posting, whatever its accounts and however many (`post`, `postNotified`).
 */
export function fixedPostingCall(v: (key: PostingKey) => SQL): SQL {
  return sql`ledger_post(${v('postKind')}::text, ${v('postEventKey')}::text, ${v('postActor')}::uuid, ${v('postMemo')}::jsonb, ${v('postUsers')}::uuid[], ${v('postCodes')}::text[], ${v('postAmounts')}::bigint[])`;
}

/** The values of `fixedPostingCall` for one posting of ids and numbers; its amounts checked as `postingCall` checks them. */
export function postingValues(input: PostInput): Record<PostingKey, unknown> {
  if (input.postings.length < 2) throw new Error('a ledger transaction needs at least two entries');
  const amounts = input.postings.map((p) => {
    if (!('amountCents' in p) || 'userIdSql' in p.account) throw new Error('a posting of SQL expressions needs postingCall');
    return p.amountCents;
  });
  checkAmounts(amounts);
  return {
    postKind: input.kind,
    postEventKey: input.eventKey,
    postActor: input.actorId ?? null,
    postMemo: input.memo ? JSON.stringify(input.memo) : null,
    postUsers: input.postings.map(({ account: a }) => ('userId' in a ? a.userId : null)),
    postCodes: input.postings.map(({ account: a }) => ('code' in a ? a.code : null)),
    postAmounts: amounts,
  };
}

const postStatement = fixedStatement<{ id: string }, PostingKey>((v) => sql`select ${fixedPostingCall(v)} as id`);

/**
 * Posts one ledger transaction (see `postingCall`). `tx` may be a transaction, or the pool when this posting is
 * the operation's only write (one statement is its own transaction). A posting with its notifications in the same
 * statement: `postNotified` (modules/notifications/notify.ts).
 */
export async function post(tx: DbOrTx, input: PostInput): Promise<{ transactionId: number }> {
  const values = postingValues(input);
  return runPosting(tx, input, () => postStatement(tx, values));
}

/** Runs `statement`, whose first column `id` is `input`'s posting, as `post()` runs its own: errors mapped, counted once committed. */
export async function runPosting(tx: DbOrTx, input: PostInput, statement: () => Promise<{ rows: { id: string | number }[] }>): Promise<{ transactionId: number }> {
  try {
    const { rows } = await statement();
    postingDone(tx, input.kind);
    return { transactionId: Number(rows[0].id) };
  } catch (e) {
    throw postingError(e, input);
  }
}
