// Money test helpers: fund a user through the ledger, read balances, assert the ledger is clean.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { post } from '../src/ledger/ledger.js';
import { signUpAs, startTestApp, type SignedUp, type TestContext } from './helpers.js';

/** A fresh TRC20 transaction hash (64 hex digits): the only kind of transaction ID a deposit claim accepts. */
export const txHash = () => randomBytes(32).toString('hex');

/** Credits a user from equity:adjustments (as an admin adjustment would). */
export async function fund(ctx: TestContext, userId: string, cents: number) {
  await ctx.db.transaction((tx) =>
    post(tx, {
      kind: 'adjustment_add',
      eventKey: `test-fund:${randomUUID()}`,
      postings: [
        { account: { code: 'equity:adjustments' }, amountCents: -cents },
        { account: { userId }, amountCents: cents },
      ],
    }),
  );
}

export async function balance(ctx: TestContext, userId: string): Promise<number> {
  const r = await ctx.db.execute<{ b: string }>(sql`select balance_cents::text as b from ledger_accounts where user_id = ${userId}`);
  return Number(r.rows[0].b);
}

export async function systemBalance(ctx: TestContext, code: string): Promise<number> {
  const r = await ctx.db.execute<{ b: string }>(sql`select balance_cents::text as b from ledger_accounts where code = ${code}`);
  return Number(r.rows[0].b);
}

/** A fingerprint of all money state: every balance, and the number of ledger transactions. */
export async function moneySnapshot(ctx: TestContext): Promise<string> {
  const r = await ctx.db.execute<{ s: string }>(sql`
    select (select string_agg(id || ':' || balance_cents, ',' order by id) from ledger_accounts)
      || '|' || (select count(*) from ledger_transactions) || '|' || (select count(*) from ledger_entries) as s`);
  return r.rows[0].s;
}

export async function expectLedgerClean(ctx: TestContext) {
  const report = await checkLedger(ctx.db);
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
  return report;
}

/** A money test file's app, with an ADMIN signed up on it. */
export async function startMoneyApp(): Promise<{ ctx: TestContext; admin: SignedUp }> {
  const ctx = await startTestApp();
  return { ctx, admin: await signUpAs(ctx, 'ADMIN') };
}

/** The end of a money test file: its ledger must be clean, then the app closes. */
export async function closeMoneyApp(ctx: TestContext) {
  await expectLedgerClean(ctx);
  await ctx.close();
}

export async function auditCount(ctx: TestContext, action?: string): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(
    action ? sql`select count(*)::int as n from audit_log where action = ${action}` : sql`select count(*)::int as n from audit_log`,
  );
  return r.rows[0].n;
}
