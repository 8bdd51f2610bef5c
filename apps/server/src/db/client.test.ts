// fixedStatement (db/client.ts): the text is built once, each call binds its own values, and the statement runs
// prepared under one name on the pool and inside a transaction alike.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabaseUrl } from '../../test/helpers.js';
import { createDb, fixedStatement, type Db } from './client.js';
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
