// The database itself enforces the ledger rules (docs/money.md), whatever code talks to it: raw SQL here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_ACCOUNTS } from '../src/ledger/accounts.js';
import { checkLedger } from '../src/ledger/check.js';
import { post } from '../src/ledger/ledger.js';
import { signUp, startTestApp, type TestContext } from './helpers.js';
import { balance, expectLedgerClean, fund, moneySnapshot } from './money-helpers.js';

let ctx: TestContext;
let userId: string;
let accountId: number;
beforeAll(async () => {
  ctx = await startTestApp();
  const u = await signUp(ctx);
  userId = u.user._id;
  await fund(ctx, userId, 1_000);
  const r = await ctx.db.execute<{ id: number }>(sql`select id from ledger_accounts where user_id = ${userId}`);
  accountId = Number(r.rows[0].id);
});
afterAll(() => ctx.close());

async function refused(query: ReturnType<typeof sql>, pattern: RegExp) {
  const before = await moneySnapshot(ctx);
  await expect(ctx.db.execute(query)).rejects.toThrow();
  try {
    await ctx.db.execute(query);
  } catch (e) {
    const err = e as { message?: string; cause?: { message?: string } };
    expect(`${err.message} ${err.cause?.message ?? ''}`).toMatch(pattern);
  }
  expect(await moneySnapshot(ctx)).toBe(before);
}

describe('raw SQL against the ledger tables', () => {
  test('the system accounts exist', async () => {
    const r = await ctx.db.execute<{ code: string }>(sql`select code from ledger_accounts where code is not null order by code`);
    expect(r.rows.map((x) => x.code)).toEqual([...SYSTEM_ACCOUNTS].sort());
  });

  test('UPDATE and DELETE of ledger_entries are refused by the trigger (and TRUNCATE)', async () => {
    await refused(sql`update ledger_entries set amount_cents = amount_cents + 1`, /append-only/);
    await refused(sql`delete from ledger_entries`, /append-only/);
    await refused(sql`truncate ledger_entries cascade`, /append-only/);
    await refused(sql`update ledger_transactions set kind = 'x'`, /append-only/);
    await refused(sql`delete from ledger_transactions`, /append-only/);
  });

  test('a direct UPDATE of a balance is refused', async () => {
    await refused(sql`update ledger_accounts set balance_cents = 1000000 where id = ${accountId}`, /append-only/);
  });

  test('an unbalanced transaction is refused at commit', async () => {
    const before = await moneySnapshot(ctx);
    await expect(
      ctx.db.transaction(async (tx) => {
        const t = await tx.execute<{ id: number }>(sql`insert into ledger_transactions (kind, event_key) values ('test', 'unbalanced-1') returning id`);
        const id = Number(t.rows[0].id);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${id}, ${accountId}, 500)`);
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_id, amount_cents) select ${id}, id, -499 from ledger_accounts where code = 'equity:adjustments'`,
        );
      }),
    ).rejects.toThrow();
    // A single entry is refused too.
    await expect(
      ctx.db.transaction(async (tx) => {
        const t = await tx.execute<{ id: number }>(sql`insert into ledger_transactions (kind, event_key) values ('test', 'unbalanced-2') returning id`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${Number(t.rows[0].id)}, ${accountId}, 5)`);
      }),
    ).rejects.toThrow(/unbalanced|commit/i);
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await balance(ctx, userId)).toBe(1_000);
  });

  test('a balanced raw transaction is applied to the balances by the trigger; a user balance never goes below 0', async () => {
    await ctx.db.transaction(async (tx) => {
      const t = await tx.execute<{ id: number }>(sql`insert into ledger_transactions (kind, event_key) values ('test', 'balanced-1') returning id`);
      const id = Number(t.rows[0].id);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${id}, ${accountId}, -300)`);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) select ${id}, id, 300 from ledger_accounts where code = 'equity:adjustments'`);
    });
    expect(await balance(ctx, userId)).toBe(700);
    const before = await moneySnapshot(ctx);
    await expect(
      ctx.db.transaction(async (tx) => {
        const t = await tx.execute<{ id: number }>(sql`insert into ledger_transactions (kind, event_key) values ('test', 'overdraw') returning id`);
        const id = Number(t.rows[0].id);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${id}, ${accountId}, -701)`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) select ${id}, id, 701 from ledger_accounts where code = 'equity:adjustments'`);
      }),
    ).rejects.toThrow();
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  test('an event key takes effect once', async () => {
    await expect(ctx.db.execute(sql`insert into ledger_transactions (kind, event_key) values ('test', 'balanced-1')`)).rejects.toThrow();
  });

  test('zero entries are refused', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        const t = await tx.execute<{ id: number }>(sql`insert into ledger_transactions (kind, event_key) values ('test', 'zero') returning id`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${Number(t.rows[0].id)}, ${accountId}, 0)`);
      }),
    ).rejects.toThrow();
  });
});

describe('ledger_post, the posting function behind post()', () => {
  const entriesOf = async (transactionId: number) =>
    (
      await ctx.db.execute<{ account_id: number; amount_cents: number }>(
        sql`select account_id, amount_cents from ledger_entries where transaction_id = ${transactionId} order by id`,
      )
    ).rows.map((r) => [Number(r.account_id), Number(r.amount_cents)]);
  const accountOf = async (id: string) =>
    Number((await ctx.db.execute<{ id: number }>(sql`select id from ledger_accounts where user_id = ${id}`)).rows[0].id);

  test('one entry per account (the net of its postings), written in account-id order, on the pool without a transaction', async () => {
    const a = (await signUp(ctx)).user._id;
    const b = (await signUp(ctx)).user._id;
    await fund(ctx, a, 1_000);
    const { transactionId } = await post(ctx.db, {
      kind: 'test',
      eventKey: `net:${a}`,
      postings: [
        { account: { userId: b }, amountCents: 300 },
        { account: { userId: a }, amountCents: -500 },
        { account: { userId: b }, amountCents: 200 },
        { account: { userId: a }, amountCents: 100 },
        { account: { code: 'equity:adjustments' }, amountCents: -100 },
      ],
    });
    const [ida, idb] = [await accountOf(a), await accountOf(b)];
    const equity = Number((await ctx.db.execute<{ id: number }>(sql`select id from ledger_accounts where code = 'equity:adjustments'`)).rows[0].id);
    const expected = [
      [ida, -400],
      [idb, 500],
      [equity, -100],
    ].sort((x, y) => x[0] - y[0]);
    expect(await entriesOf(transactionId)).toEqual(expected);
    expect(await balance(ctx, a)).toBe(600);
    expect(await balance(ctx, b)).toBe(500);
    await expectLedgerClean(ctx);
  });

  test('a debit beyond the balance (ML402), an unknown account (ML404) and malformed arguments change nothing', async () => {
    const a = (await signUp(ctx)).user._id;
    await fund(ctx, a, 250);
    const before = await moneySnapshot(ctx);
    const over = post(ctx.db, {
      kind: 'test',
      eventKey: `over:${a}`,
      postings: [
        { account: { userId: a }, amountCents: -251 },
        { account: { code: 'equity:adjustments' }, amountCents: 251 },
      ],
      insufficientMessage: 'Not enough',
      insufficientStatus: 409,
    });
    await expect(over).rejects.toMatchObject({ statusCode: 409, message: 'Not enough' });
    const unknown = post(ctx.db, {
      kind: 'test',
      eventKey: `unknown:${a}`,
      postings: [
        { account: { userId: '00000000-0000-4000-8000-000000000000' }, amountCents: 5 },
        { account: { userId: a }, amountCents: -5 },
      ],
    });
    await expect(unknown).rejects.toMatchObject({ statusCode: 404, message: 'Account not found' });
    await refused(sql`select ledger_post('test', 'short-arrays', null, null, array[${a}]::uuid[], array[null]::text[], array[1, -1]::bigint[])`, /ledger_post/);
    await refused(sql`select ledger_post('test', 'one-entry', null, null, array[${a}]::uuid[], array[null]::text[], array[0]::bigint[])`, /ledger_post/);
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await balance(ctx, a)).toBe(250);
  });

  test('20 postings of the whole balance at once, each its own statement on the pool: exactly one lands', async () => {
    const a = (await signUp(ctx)).user._id;
    const b = (await signUp(ctx)).user._id;
    await fund(ctx, a, 777);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        post(ctx.db, {
          kind: 'test',
          eventKey: `race:${a}:${i}`,
          postings: [
            { account: { userId: a }, amountCents: -777 },
            { account: { userId: b }, amountCents: 777 },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 400, message: 'Insufficient balance' });
    expect(await balance(ctx, a)).toBe(0);
    expect(await balance(ctx, b)).toBe(777);
    await expectLedgerClean(ctx);
  });
  test('its account query runs on one cached generic plan through the two unique indexes (migration 0034), not planned again at each call', async () => {
    // The plans the function's statements ran, as auto_explain reports them to this one connection (the plan cache
    // is per connection). A plan made for the actual values shows the arrays as literals; the generic one, as $n.
    // Left to choose, the cache re-planned this query at every call: its generic plan guesses ten accounts an array.
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    const plans: string[] = [];
    client.on('notice', (n) => {
      // The account query's plan; not the foreign-key checks' (also LockRows on ledger_accounts, by id).
      if (/FROM ledger_accounts\s+WHERE user_id = ANY/.test(n.message ?? '')) plans.push(n.message ?? '');
    });
    try {
      await client.query(`LOAD 'auto_explain'`);
      await client.query(`SET auto_explain.log_min_duration = 0`);
      await client.query(`SET auto_explain.log_nested_statements = on`);
      await client.query(`SET client_min_messages = log`);
      await client.query('BEGIN'); // rolled back: nothing stays
      for (let i = 0; i < 8; i++) {
        await client.query(`select ledger_post('test', $1, null, null, array[$2, null]::uuid[], array[null, 'equity:adjustments']::text[], array[1, -1]::bigint[])`, [
          `generic-plan:${userId}:${i}`,
          userId,
        ]);
      }
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
    expect(plans).toHaveLength(8);
    for (const plan of plans) {
      expect(plan).toMatch(/Bitmap Index Scan on ledger_accounts_user_id_unique/);
      expect(plan).toMatch(/Bitmap Index Scan on ledger_accounts_code_unique/);
      expect(plan).toMatch(/Index Cond: \(user_id = ANY \(\$\d+\)\)/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});

describe('checkLedger and npm run ledger:check', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const runCheck = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  test('clean ledger → exit 0', async () => {
    await expectLedgerClean(ctx);
    const r = runCheck();
    expect(r.stdout).toContain('ledger:check OK');
    expect(r.status).toBe(0);
  });

  test('a breach (made behind the triggers’ back) → reported, exit 1', async () => {
    // Only a superuser can do this, by switching the triggers off: the check must still notice.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_accounts set balance_cents = balance_cents + 1 where id = ${accountId}`);
    });
    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.breaches.join('\n')).toMatch(/sum to|holds/);
    const r = runCheck();
    expect(r.stdout).toContain('BREACH');
    expect(r.status).toBe(1);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_accounts set balance_cents = balance_cents - 1 where id = ${accountId}`);
    });
    await expectLedgerClean(ctx);
  });

  test('a notification for a user who does not exist (no foreign key since migration 0031) → reported', async () => {
    const ghost = '00000000-0000-4000-8000-00000000dead';
    const { rows } = await ctx.db.execute<{ id: string }>(sql`
      insert into notifications (user_id, kind, title, body) values (${ghost}, 'announcement', 'To nobody', 'Nobody') returning id::text`);
    try {
      const report = await checkLedger(ctx.db);
      expect(report.breaches).toContain(`notification ${rows[0].id} is for a user who does not exist`);
    } finally {
      await ctx.db.execute(sql`delete from notifications where id = ${rows[0].id}`);
    }
    await expectLedgerClean(ctx);
  });
});

describe('the ledger check after every test file', () => {
  test('a test app closed over a breached ledger fails its file', async () => {
    const own = await startTestApp();
    const { user } = await signUp(own);
    await fund(own, user._id, 100);
    await own.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_accounts set balance_cents = balance_cents + 1 where user_id = ${user._id}`);
    });
    await expect(own.close()).rejects.toThrow(/ledger check after the test file:\n[^]*holds/);
  });
});
