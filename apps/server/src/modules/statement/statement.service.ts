// The caller's statement: every ledger entry of their account, newest first, with the balance after it.
// Entries of one account are written under that account's row lock, so their ids follow the order in
// which they were applied and "balance after" is the sum of the entries up to and including that id.
import { sql } from 'drizzle-orm';
import { STATEMENT_CSV_HEADER, centsToNumber, type Language, type StatementEntry } from '@app/contract';
import type { Db } from '../../db/client.js';

interface Row extends Record<string, unknown> {
  id: number;
  amount_cents: number;
  created_at: Date | string;
  kind: string;
  memo: Record<string, unknown> | null;
  counterparty_name: string | null;
}

/** A value from the entry (an e-mail, a name, an id) kept in its own direction inside an Arabic sentence. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** What an entry was, in the reader's language; the amounts and ids stay as they are. */
function describe(kind: string, amountCents: number, memo: Record<string, unknown> | null, lang: Language = 'en'): string {
  const m = memo ?? {};
  const str = (k: string) => (typeof m[k] === 'string' ? (m[k] as string) : '');
  const ar = lang === 'ar';
  switch (kind) {
    case 'transfer':
      if (ar) return amountCents < 0 ? `تحويل إلى ${isolate(str('toEmail'))}` : `تحويل من ${isolate(str('fromEmail'))}`;
      return amountCents < 0 ? `Transfer to ${str('toEmail')}` : `Transfer from ${str('fromEmail')}`;
    case 'deposit_approve':
      return ar ? `اعتماد إيداع (المعاملة ${isolate(str('transactionId'))})` : `Deposit approved (transaction ${str('transactionId')})`;
    case 'deposit_revert':
      return ar ? `إلغاء اعتماد إيداع (المعاملة ${isolate(str('transactionId'))})` : `Deposit reverted (transaction ${str('transactionId')})`;
    case 'withdrawal_request':
      return ar ? `طلب سحب (عنوان الاستلام ${isolate(str('paymentId'))})` : `Withdrawal requested (payout address ${str('paymentId')})`;
    case 'withdrawal_refund':
      return ar
        ? `إلغاء سحب واسترداد مبلغه (عنوان الاستلام ${isolate(str('paymentId'))})`
        : `Withdrawal cancelled and refunded (payout address ${str('paymentId')})`;
    case 'adjustment_add':
      return ar ? 'نقاط أضافها مشرف' : 'Points added by an admin';
    case 'adjustment_remove':
      return ar ? 'نقاط خصمها مشرف' : 'Points removed by an admin';
    case 'subscription':
      return ar ? 'تفعيل الاشتراك' : 'Subscription activated';
    case 'video_reward':
      return ar ? 'مكافأة مشاهدة فيديو' : 'Video reward';
    case 'referral_commission':
      return ar
        ? `عمولة إحالة، المستوى ${Number(m.level)}: مكافأة فيديو حصل عليها ${isolate(str('memberName'))}`
        : `Referral commission, level ${Number(m.level)}: video reward of ${str('memberName')}`;
    case 'referral_bonus':
      return ar
        ? `مكافأة إحالة، المستوى ${Number(m.level)}: أول إيداع لـ ${isolate(str('memberName'))}`
        : `Referral bonus, level ${Number(m.level)}: first deposit of ${str('memberName')}`;
    default:
      return ar ? 'حركة أخرى' : kind.replace(/_/g, ' ');
  }
}

async function accountOf(db: Db, userId: string): Promise<{ id: number; balance: number } | undefined> {
  const r = await db.execute<{ id: number; balance_cents: number }>(sql`select id, balance_cents from ledger_accounts where user_id = ${userId}`);
  const row = r.rows[0];
  return row ? { id: Number(row.id), balance: Number(row.balance_cents) } : undefined;
}

async function page(db: Db, accountId: number, before: number | null, limit: number): Promise<Row[]> {
  const r = await db.execute<Row>(sql`
    select e.id, e.amount_cents, e.created_at, t.kind, t.memo,
      -- A transfer's other party by their current name (the memo keeps ids and e-mails only). The memo's id is
      -- cast to the key's type, so the look-up uses the primary key (casting the key to text read every user).
      case when t.kind = 'transfer' then (
        select u.full_name from users u
        where u.id = (case when e.amount_cents < 0 then t.memo->>'toUserId' else t.memo->>'fromUserId' end)::uuid
      ) end as counterparty_name
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.account_id = ${accountId} ${before === null ? sql`` : sql`and e.id < ${before}`}
    order by e.id desc limit ${limit}`);
  return r.rows.map((row) => ({ ...row, id: Number(row.id), amount_cents: Number(row.amount_cents) }));
}

/**
 * The balance right after an entry: the account's balance minus every later entry, in one statement (one
 * snapshot). It reads only the entries newer than that one, so the first pages cost the same for an account
 * with 50,000 entries as for one with 50 (summing all older entries read the whole history).
 */
async function balanceAfter(db: Db, accountId: number, entryId: number): Promise<number> {
  const r = await db.execute<{ total: string }>(sql`
    select (a.balance_cents - coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id and e.id > ${entryId}), 0))::text as total
    from ledger_accounts a where a.id = ${accountId}`);
  return Number(r.rows[0].total);
}

const memoText = (memo: Record<string, unknown> | null, key: string): string | null =>
  memo && typeof memo[key] === 'string' && memo[key] ? (memo[key] as string) : null;

/** Who and what an entry concerns, for the activity feed (docs/product.md#activity): a name to show on the line, the
 * e-mail and the reference kept for its detail view. */
function parties(row: Row): Pick<StatementEntry, 'counterparty' | 'counterpartyEmail' | 'reference'> {
  const m = row.memo;
  if (row.kind === 'transfer') {
    return {
      counterparty: row.counterparty_name,
      counterpartyEmail: memoText(m, row.amount_cents < 0 ? 'toEmail' : 'fromEmail'),
      reference: null,
    };
  }
  return {
    counterparty: memoText(m, 'memberName'),
    counterpartyEmail: null,
    reference: memoText(m, 'transactionId') ?? memoText(m, 'paymentId'),
  };
}

function toEntries(rows: Row[], topBalance: number, lang: Language = 'en'): StatementEntry[] {
  let balance = topBalance;
  return rows.map((row) => {
    const entry: StatementEntry = {
      _id: String(row.id),
      kind: row.kind,
      amount: centsToNumber(row.amount_cents),
      balance: centsToNumber(balance),
      description: describe(row.kind, row.amount_cents, row.memo, lang),
      createdAt: new Date(row.created_at).toISOString(),
      ...parties(row),
    };
    balance -= row.amount_cents;
    return entry;
  });
}

export async function statementPage(db: Db, userId: string, cursor: string | undefined, limit: number, lang: Language = 'en') {
  const account = await accountOf(db, userId);
  if (!account) return { balance: 0, entries: [], nextCursor: null };
  const rows = await page(db, account.id, cursor ? Number(cursor) : null, limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const top = shown.length ? await balanceAfter(db, account.id, shown[0].id) : 0;
  return {
    balance: centsToNumber(account.balance),
    entries: toEntries(shown, top, lang),
    nextCursor: more ? String(shown[shown.length - 1].id) : null,
  };
}

const money = (n: number) => (n < 0 ? '-' : '') + (Math.abs(Math.round(n * 100)) / 100).toFixed(2);

/** A CSV cell: quoted when needed, and text that a spreadsheet would run as a formula is defused. */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function statementCsv(db: Db, userId: string, lang: Language = 'en'): Promise<string> {
  const lines = [STATEMENT_CSV_HEADER];
  const account = await accountOf(db, userId);
  if (!account) return `${lines.join('\r\n')}\r\n`;
  let before: number | null = null;
  let top: number | null = null;
  for (;;) {
    const rows = await page(db, account.id, before, 1000);
    if (rows.length === 0) break;
    if (top === null) top = await balanceAfter(db, account.id, rows[0].id);
    const entries = toEntries(rows, top, lang);
    for (const e of entries) lines.push([e.createdAt, cell(e.kind), cell(e.description), money(e.amount), money(e.balance)].join(','));
    top -= rows.reduce((s, r) => s + r.amount_cents, 0);
    before = rows[rows.length - 1].id;
    if (rows.length < 1000) break;
  }
  return `${lines.join('\r\n')}\r\n`;
}
