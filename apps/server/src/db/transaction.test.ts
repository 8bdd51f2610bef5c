// inTransaction (db/transaction.ts): a deadlock or serialization failure runs the body again, a bounded number of
// times; nothing else is retried. A real deadlock between two of them ends with both committed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabaseUrl } from '../../test/helpers.js';
import { createDb, type Db, type Tx } from './client.js';
import { afterCommit, inTransaction } from './transaction.js';

/** A Db whose transaction() just calls the body (counting the calls): the retry loop on its own. */
function fakeDb() {
  const calls = { n: 0 };
  const db = { transaction: (fn: (tx: Tx) => Promise<unknown>) => (calls.n++, fn({} as Tx)) } as unknown as Db;
  return { db, calls };
}
const pgError = (code: string) => Object.assign(new Error(code), { code });

test('deadlock and serialization failures are retried; the last one is thrown after the attempts', async () => {
  for (const code of ['40P01', '40001']) {
    const { db, calls } = fakeDb();
    let fails = 2;
    await expect(inTransaction(db, async () => (fails-- > 0 ? Promise.reject(pgError(code)) : 'done'))).resolves.toBe('done');
    expect(calls.n).toBe(3);
  }
  const { db, calls } = fakeDb();
  await expect(inTransaction(db, async () => Promise.reject(pgError('40P01')), { attempts: 3 })).rejects.toMatchObject({ code: '40P01' });
  expect(calls.n).toBe(3);
  // drizzle may wrap the driver's error: the code on `cause` counts too.
  const wrapped = fakeDb();
  let once = true;
  await inTransaction(wrapped.db, async () => (once ? ((once = false), Promise.reject(Object.assign(new Error('wrapped'), { cause: pgError('40001') }))) : 1));
  expect(wrapped.calls.n).toBe(2);
});

test('every other error is thrown at once', async () => {
  for (const e of [pgError('23505'), pgError('ML402'), new Error('plain'), pgError('57P01')]) {
    const { db, calls } = fakeDb();
    await expect(inTransaction(db, async () => Promise.reject(e))).rejects.toBe(e);
    expect(calls.n).toBe(1);
  }
});

test('afterCommit runs after the commit of the attempt that committed, never for one that rolled back, at once on the pool', async () => {
  const { db } = fakeDb();
  const ran: string[] = [];
  let attempt = 0;
  await inTransaction(db, async (tx) => {
    const mine = ++attempt;
    afterCommit(tx, () => ran.push(`attempt ${mine}`));
    expect(ran).toEqual([]); // nothing runs inside the transaction
    if (mine === 1) throw pgError('40P01');
  });
  expect(ran).toEqual(['attempt 2']);
  await expect(
    inTransaction(db, async (tx) => {
      afterCommit(tx, () => ran.push('rolled back'));
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(ran).toEqual(['attempt 2']);
  // The pool: a statement sent alone committed as it returned.
  afterCommit(db, () => ran.push('pool'));
  expect(ran).toEqual(['attempt 2', 'pool']);
});

let db: Db;
beforeAll(async () => {
  db = createDb(await freshDatabaseUrl(), 4);
});
afterAll(() => db.$client.end());

test('two transactions that deadlock both commit: the victim runs again', async () => {
  await db.execute(sql`create table tx_probe (id int primary key, v int not null)`);
  await db.execute(sql`insert into tx_probe values (1, 0), (2, 0)`);
  let attempts = 0;
  let arrived = 0;
  let release!: () => void;
  const bothHoldOne = new Promise<void>((r) => (release = r));
  const crossed = (first: number, second: number) =>
    inTransaction(db, async (tx) => {
      attempts++;
      await tx.execute(sql`update tx_probe set v = v + 1 where id = ${first}`);
      if (++arrived === 2) release();
      await bothHoldOne; // each holds one row and then asks for the other's: a deadlock
      await tx.execute(sql`update tx_probe set v = v + 1 where id = ${second}`);
    });
  await Promise.all([crossed(1, 2), crossed(2, 1)]);
  expect(attempts).toBe(3);
  const { rows } = await db.execute<{ v: number }>(sql`select v from tx_probe order by id`);
  expect(rows.map((r) => r.v)).toEqual([2, 2]);
});
