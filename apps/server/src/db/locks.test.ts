// The advisory-lock registry (db/locks.ts): every key distinct, and no hashed key (the throttle's buckets, the
// notification users) can take a registry lock: they live in the two-int key space under a class of their own,
// while the fixed locks take one bigint key, a space PostgreSQL keeps apart (pg_locks.objsubid 1 vs 2).
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabaseUrl } from '../../test/helpers.js';
import { createDb, type Db } from './client.js';
import { FIXED_LOCKS, LOCK_CLASSES, classXactLock, tryXactLock, trySessionLock, xactLock } from './locks.js';
import { inTransaction } from './transaction.js';

const INT4 = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;

test('the keys are distinct within each space, and each is an int4 (what the SQL casts them to)', () => {
  const fixed = Object.values(FIXED_LOCKS);
  const classes = Object.values(LOCK_CLASSES);
  expect(new Set(fixed).size).toBe(fixed.length);
  expect(new Set(classes).size).toBe(classes.length);
  for (const k of [...fixed, ...classes]) expect(INT4(k), String(k)).toBe(true);
  // The throttle's class is its own: no other family's (class, key) can equal a throttle key.
  expect(classes.filter((c) => c === LOCK_CLASSES.throttleBucket)).toHaveLength(1);
});

let url: string;
let db: Db;
beforeAll(async () => {
  url = await freshDatabaseUrl();
  db = createDb(url, 4);
});
afterAll(() => db.$client.end());

test('a throttle key never takes a fixed lock, even when its hash equals the fixed key', async () => {
  const bucket = 'login:pair:someone@example.com:203.0.113.9';
  const h = (await db.execute<{ h: number }>(sql`select hashtext(${bucket}) as h`)).rows[0].h;
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await inTransaction(db, async (tx) => {
      // The throttle's statement (services/throttle.ts) holds the bucket…
      await tx.execute(sql`select ${classXactLock('throttleBucket', sql`hashtext(${bucket})`)}`);
      const held = await tx.execute<{ objsubid: number; classid: number; objid: number }>(
        sql`select objsubid::int, classid::bigint as classid, objid::bigint as objid from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      // (pg_locks shows the keys as oids: a negative hash as its unsigned 32 bits.)
      expect(held.rows).toEqual([{ objsubid: 2, classid: LOCK_CLASSES.throttleBucket, objid: h >>> 0 }]);
      // …the same (class, key) is taken for anyone else…
      expect((await other.query('select pg_try_advisory_lock($1::int, $2::int) as ok', [LOCK_CLASSES.throttleBucket, h])).rows[0].ok).toBe(false);
      // …but a one-bigint lock whose key is that very hash (as a fixed lock's key could be) is free.
      expect((await other.query('select pg_try_advisory_lock($1::bigint) as ok', [h])).rows[0].ok).toBe(true);
      await other.query('select pg_advisory_unlock_all()');
    });
    // And the other way round: a fixed lock held does not block the family lock with the same number.
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`select ${xactLock('housekeeping')}`);
      expect((await other.query('select pg_try_advisory_lock($1::int, $2::int) as ok', [LOCK_CLASSES.throttleBucket, FIXED_LOCKS.housekeeping])).rows[0].ok).toBe(true);
      expect((await other.query(trySessionLock('housekeeping'))).rows[0].ok).toBe(false);
      const mine = await tx.execute<{ ok: boolean }>(sql`select ${tryXactLock('housekeeping')} as ok`);
      expect(mine.rows[0].ok).toBe(true); // re-entrant in its own session
      await other.query('select pg_advisory_unlock_all()');
    });
  } finally {
    await other.end();
  }
});
