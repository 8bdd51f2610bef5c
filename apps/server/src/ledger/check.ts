// The ledger invariants of docs/money.md, checked straight from the tables. Each breach is one line.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export interface LedgerReport {
  ok: boolean;
  breaches: string[];
  stats: { accounts: number; transactions: number; entries: number; userBalanceCents: number };
}

export async function checkLedger(db: Db): Promise<LedgerReport> {
  const breaches: string[] = [];
  const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  for (const r of await q<{ id: number; total: string; n: number }>(sql`
    select t.id, coalesce(sum(e.amount_cents), 0)::text as total, count(e.id)::int as n
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2 limit 50`)) {
    breaches.push(`transaction ${r.id} sums to ${r.total} over ${r.n} entries`);
  }
  const [all] = await q<{ total: string }>(sql`select coalesce(sum(amount_cents), 0)::text as total from ledger_entries`);
  if (all.total !== '0') breaches.push(`all entries sum to ${all.total}, not 0`);
  const [accts] = await q<{ total: string }>(sql`select coalesce(sum(balance_cents), 0)::text as total from ledger_accounts`);
  if (accts.total !== '0') breaches.push(`all account balances sum to ${accts.total}, not 0`);

  for (const r of await q<{ id: number; balance: string; entries: string }>(sql`
    select a.id, a.balance_cents::text as balance, coalesce(s.total, 0)::text as entries
    from ledger_accounts a left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) s on s.account_id = a.id
    where a.balance_cents <> coalesce(s.total, 0) limit 50`)) {
    breaches.push(`account ${r.id} holds ${r.balance} but its entries sum to ${r.entries}`);
  }
  for (const r of await q<{ id: number; balance: string }>(sql`
    select id, balance_cents::text as balance from ledger_accounts where user_id is not null and balance_cents < 0 limit 50`)) {
    breaches.push(`user account ${r.id} is negative (${r.balance})`);
  }
  for (const r of await q<{ id: string }>(sql`select u.id from users u left join ledger_accounts a on a.user_id = u.id where a.id is null limit 50`)) {
    breaches.push(`user ${r.id} has no ledger account`);
  }
  // Not the ledger, but kept as firmly: notifications.user_id is no foreign key (migration 0031, decision 029).
  for (const r of await q<{ id: string }>(sql`
    select n.id::text from notifications n where not exists (select 1 from users u where u.id = n.user_id) limit 50`)) {
    breaches.push(`notification ${r.id} is for a user who does not exist`);
  }
  const triggers = await q<{ tgname: string }>(sql`
    select tgname from pg_trigger where tgname in ('ledger_entries_append_only', 'ledger_transactions_append_only', 'ledger_entries_balanced', 'ledger_entries_apply', 'ledger_accounts_balance_guard') and tgenabled <> 'D'`);
  if (triggers.length !== 5) breaches.push(`ledger triggers missing or disabled: found ${triggers.map((t) => t.tgname).join(', ') || 'none'}`);
  const checks = await q<{ conname: string }>(sql`select conname from pg_constraint where conname = 'ledger_accounts_user_nonnegative' and convalidated`);
  if (checks.length !== 1) breaches.push('the CHECK keeping user balances >= 0 is missing');

  const [stats] = await q<{ accounts: number; transactions: number; entries: number; users: string }>(sql`
    select (select count(*)::int from ledger_accounts) as accounts,
           (select count(*)::int from ledger_transactions) as transactions,
           (select count(*)::int from ledger_entries) as entries,
           (select coalesce(sum(balance_cents), 0)::text from ledger_accounts where user_id is not null) as users`);
  return {
    ok: breaches.length === 0,
    breaches,
    stats: { accounts: stats.accounts, transactions: stats.transactions, entries: stats.entries, userBalanceCents: Number(stats.users) },
  };
}
