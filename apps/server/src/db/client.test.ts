// fixedStatement (db/client.ts): the text is built once, each call binds its own values, and the statement runs
// prepared under one name on the pool and inside a transaction alike.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabaseUrl } from '../../test/helpers.js';
import { allColumns, createDb, fixedStatement, tableRow, type Db } from './client.js';
import { deposits, users } from './schema/index.js';
import { inTransaction } from './transaction.js';

let db: Db;
beforeAll(async () => {
  db = createDb(await freshDatabaseUrl(), 1);
});
afterAll(() => db.$client.end());

test('built once, bound per call: each call gets its own values, under one prepared name', async () => {
  let builds = 0;
  const add = fixedStatement<{ total: number; label: string }, 'a' | 'b' | 'label'>((v) => {
    builds++;
    return sql`select (${v('a')}::int + ${v('b')}::int) as total, upper(${v('label')}::text) as label, ${v('a')}::int * 0 as zero`;
  });
  const answers = [];
  for (const [a, b, label] of [[1, 2, 'x'], [40, 2, 'forty'], [-5, 5, 'zero']] as const) {
    answers.push((await add(db, { a, b, label })).rows[0]);
  }
  answers.push(await inTransaction(db, async (tx) => (await add(tx, { a: 7, b: 8, label: 'in a transaction' })).rows[0]));
  expect(answers).toEqual([
    { total: 3, label: 'X', zero: 0 },
    { total: 42, label: 'FORTY', zero: 0 },
    { total: 0, label: 'ZERO', zero: 0 },
    { total: 15, label: 'IN A TRANSACTION', zero: 0 },
  ]);
  expect(builds).toBe(1);
  // One connection in the pool: it holds the statement once, by one name, and ran it every time.
  const { rows } = await db.$client.query(`select name, generic_plans + custom_plans as runs from pg_prepared_statements where statement like '%upper(%'`);
  expect(rows).toHaveLength(1);
  expect(rows[0].name).toMatch(/^x_/);
  expect(Number(rows[0].runs)).toBe(4);
});

test('a value left out is refused before anything is sent', async () => {
  const one = fixedStatement<{ n: number }, 'n'>((v) => sql`select ${v('n')}::int as n`);
  await expect(one(db, {} as { n: number })).rejects.toThrow(/n/);
});

test('tableRow reads allColumns as select() reads the row: names, dates, numbers, booleans and nulls alike', async () => {
  const [user] = await db
    .insert(users)
    .values({ fullName: 'Row Reader', email: 'row-reader@example.com', phone: '+15550000000', passwordHash: 'x', referralCode: 'ROWREAD1' })
    .returning();
  const [deposit] = await db
    .insert(deposits)
    .values({ userId: user.id, amountCents: 12_345_678_901, transactionId: 'row-reader-tx', transactionKey: 'row-reader-tx', version: 3 })
    .returning();
  const byId = <T extends typeof users | typeof deposits>(t: T) =>
    fixedStatement<Record<string, unknown>, 'id'>((v) => sql`select ${allColumns(t)} from ${t} where ${t.id} = ${v('id')}::uuid`);
  for (const [table, id] of [[users, user.id], [deposits, deposit.id]] as const) {
    const [expected] = await db.select().from(table).where(eq(table.id, id));
    const { rows } = await byId(table)(db, { id });
    const row = tableRow(table, rows[0]);
    expect(row).toEqual(expected);
    // Not just equal-looking: the same types (a Date, not its text; a number, not a bigint's string).
    expect(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? 'null' : v instanceof Date ? 'Date' : typeof v]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v === null ? 'null' : v instanceof Date ? 'Date' : typeof v])),
    );
  }
});
