// Backup and restore (docs/operations.md): `npm run backup` taken while a transfer storm runs, restored with
// `npm run restore` into a new DATA_DIR (a new embedded PostgreSQL): the restored ledger is clean and consistent at
// one instant — every transfer with all its entries, its balances and its Idempotency-Key row, or with none of
// them — and a user logs in on the restored platform. A quiet backup restores every balance exactly. A target that
// holds anything, and a cut-off file, are refused and change nothing.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { BackupError, relationsIn, restoreBackup, takeBackup } from '../src/db/backup.js';
import { createDb, type Db } from '../src/db/client.js';
import { existingCluster, startEmbedded, type EmbeddedDatabase } from '../src/db/embedded.js';
import { checkLedger } from '../src/ledger/check.js';
import { signUp, startTestApp, withDatabase, type TestContext } from './helpers.js';
import { fund, moneySnapshot } from './money-helpers.js';

const SERVER = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(SERVER, '../../node_modules/.bin/tsx');
const FUND = 10_000; // 100.00 each
const USERS = 12;
const TRANSFER_ROUTE = 'POST /api/v1/point/transfer';

let ctx: TestContext;
let work: string;
const people: Awaited<ReturnType<typeof signUp>>[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

/** Runs one of the CLIs (cli/backup.ts, cli/restore.ts) as `npm run backup|restore` does, with its own environment. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [path.join(SERVER, 'src/cli', `${name}.ts`), ...args], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b));
    child.stderr.on('data', (b: Buffer) => (stderr += b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function newDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  const name = `t_${inject('runId')}_restore_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return withDatabase(inject('adminUrl'), name);
}

async function balances(db: Db): Promise<Map<string, number>> {
  const r = await db.execute<{ id: string; b: string }>(sql`select user_id as id, balance_cents::text as b from ledger_accounts where user_id is not null`);
  return new Map(r.rows.map((x) => [x.id, Number(x.b)]));
}

beforeAll(async () => {
  ctx = await startTestApp();
  work = await mkdtemp(path.join(os.tmpdir(), 'points-backup-test-'));
  for (let i = 0; i < USERS; i++) {
    const s = await signUp(ctx);
    await fund(ctx, s.user._id, FUND);
    people.push(s);
  }
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  await ctx?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a backup taken during a transfer storm, restored into a new DATA_DIR', () => {
  const jobs: { key: string; from: number; to: number; cents: number }[] = [];
  let restoredDir: string;
  let restored: EmbeddedDatabase;
  let rdb: Db;
  let done = 0;
  let backupFile = '';

  test('npm run backup while 24 clients transfer: the file path is its last line; the storm goes on before, during and after', async () => {
    let stop = false;
    // xorshift32, exact in 32-bit integers. (A multiplicative step in doubles lost its low bits past 2^53 and fell
    // into a short cycle: nine requests in ten were refused for funds, and on a slow host none of the sixty after the
    // backup went through, so the backup held every transfer there was.)
    let seed = 11;
    const rand = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    let sent = 0; // transfers that went through (200)
    const storm = Promise.all(
      Array.from({ length: 24 }, async () => {
        while (!stop) {
          const from = rand(USERS);
          const to = (from + 1 + rand(USERS - 1)) % USERS;
          const job = { key: `storm-${jobs.length}`, from, to, cents: 1 + rand(3_000) };
          jobs.push(job);
          const res = await people[from].client.post(
            '/api/v1/point/transfer',
            { recipientEmail: people[to].user.email, points: (job.cents / 100).toFixed(2) },
            { headers: { 'idempotency-key': job.key } },
          );
          expect([200, 400], res.text).toContain(res.status); // 400: not enough points
          if (res.status === 200) sent++;
          done++;
        }
      }),
    );
    try {
      while (sent < 60) await new Promise((r) => setTimeout(r, 20));
      const before = done;
      const out = path.join(work, 'during-storm.backup');
      const res = await cli('backup', ['--out', out], { DATABASE_URL: ctx.databaseUrl, DATA_DIR: path.join(work, 'unused') });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout.trim().split('\n').at(-1)).toBe(out);
      expect((await stat(out)).mode & 0o077).toBe(0); // password and session hashes: the owner's eyes only
      backupFile = out;
      const during = done - before;
      // Transfers that went through after the backup had ended, so the live ledger holds some the backup cannot.
      const after = sent;
      while (sent < after + 30) await new Promise((r) => setTimeout(r, 20));
      expect(during, 'transfers finished while the backup ran').toBeGreaterThan(0);
    } finally {
      stop = true;
      await storm;
    }
  });

  test('npm run restore into a new DATA_DIR: ledger clean, every transfer fully in or fully out, the total unchanged', async () => {
    restoredDir = path.join(work, 'restored-data');
    const res = await cli('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/ledger:check OK/);
    // Run as root below a 0700 folder, the cluster lives in /var/lib/usdt-points/<hash> (decision 011): removed too.
    const cluster = existingCluster(restoredDir);
    if (cluster && !cluster.startsWith(work)) cleanups.push(() => rm(path.dirname(cluster), { recursive: true, force: true }));
    restored = await startEmbedded(restoredDir, () => {});
    cleanups.push(() => restored.stop());
    rdb = createDb(restored.url, 4);
    cleanups.push(() => rdb.$client.end());

    const report = await checkLedger(rdb);
    expect(report.breaches).toEqual([]);
    expect(report.ok).toBe(true);

    // One instant: the transfers whose Idempotency-Key rows are in the backup, replayed on the funding, give
    // exactly the restored balances; and there are as many transfer transactions, each of two entries.
    const keys = await rdb.execute<{ key: string }>(sql`select key from idempotency_keys where route = ${TRANSFER_ROUTE} and status_code = 200`);
    const present = new Set(keys.rows.map((r) => r.key));
    const byKey = new Map(jobs.map((j) => [j.key, j]));
    const expected = new Map(people.map((p) => [p.user._id, FUND]));
    for (const key of present) {
      const j = byKey.get(key)!;
      expected.set(people[j.from].user._id, expected.get(people[j.from].user._id)! - j.cents);
      expected.set(people[j.to].user._id, expected.get(people[j.to].user._id)! + j.cents);
    }
    const got = await balances(rdb);
    for (const p of people) expect(got.get(p.user._id), p.user.email).toBe(expected.get(p.user._id));
    const txs = await rdb.execute<{ n: number; bad: number }>(sql`
      select count(*)::int as n, count(*) filter (where (select count(*) from ledger_entries e where e.transaction_id = t.id) <> 2)::int as bad
      from ledger_transactions t where kind = 'transfer'`);
    expect(txs.rows[0]).toEqual({ n: present.size, bad: 0 });
    const total = [...got.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(USERS * FUND);

    // Taken mid-storm: some transfers made it into the backup, and later ones did not.
    const final = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'transfer'`);
    expect(present.size).toBeGreaterThan(0);
    expect(present.size).toBeLessThan(final.rows[0].n);
  });

  test('a user logs in on the restored platform with their password and sees their restored balance', async () => {
    const app = await startTestApp({}, { databaseUrl: restored.url });
    cleanups.push(() => app.close());
    const p = people[3];
    const c = app.client();
    const login = await c.post('/api/v1/user/login', { email: p.user.email, password: p.password });
    expect(login.status, login.text).toBe(200);
    const point = await c.get('/api/v1/user/point');
    expect(point.status, point.text).toBe(200);
    expect(Math.round(point.body.point * 100)).toBe((await balances(rdb)).get(p.user._id));
    expect((await c.post('/api/v1/user/login', { email: p.user.email, password: 'not-the-password-1' })).status).toBe(401);
  });

  test('npm run restore refuses the DATA_DIR that now holds a database, with a clear message, and changes nothing', async () => {
    const before = await checkLedger(rdb);
    const res = await cli('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/DATA_DIR .* already holds a database .*restore only into an empty DATA_DIR/);
    expect(res.stderr).not.toMatch(/\n\s+at /); // one sentence, no stack trace
    expect((await checkLedger(rdb)).stats).toEqual(before.stats);
  });
});

describe('restore into a database (DATABASE_URL)', () => {
  test('a quiet backup restores every balance and the money fingerprint exactly', async () => {
    const file = path.join(work, 'quiet.backup');
    await takeBackup(ctx.databaseUrl, file);
    const url = await newDatabase();
    await restoreBackup(file, url);
    const db = createDb(url, 2);
    try {
      const copy = { db } as TestContext;
      expect(await moneySnapshot(copy)).toBe(await moneySnapshot(ctx));
      expect(await balances(db)).toEqual(await balances(ctx.db));
      expect((await checkLedger(db)).ok).toBe(true);
    } finally {
      await db.$client.end();
    }
  });

  test('support tickets, their messages (internal notes too) and their files, and identity checks with their documents, come back byte for byte', async () => {
    const [u] = people;
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(2_000)]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3_000)]);
    const res = await u.client.post('/api/v1/support/tickets', {
      subject: 'Backed up',
      category: 'other',
      message: 'Keep this.',
      attachments: [
        { name: 'a.png', data: png.toString('base64') },
        { name: 'b.pdf', data: pdf.toString('base64') },
      ],
    });
    expect(res.status, res.text).toBe(201);
    await ctx.db.execute(sql`insert into support_messages (ticket_id, author_id, staff, internal, body) values (${res.body.ticket._id}, ${u.user._id}, true, true, 'a note')`);
    await ctx.db.execute(sql`with f as (insert into kyc_forms (fields, created_by) values ('[{"key":"doc","kind":"file"}]', ${u.user._id}) returning version),
      s as (insert into kyc_submissions (user_id, form_version, answers) select ${u.user._id}, version, '{}' from f returning id)
      insert into kyc_documents (submission_id, field, name, content_type, size, data) select id, 'doc', 'id.pdf', 'application/pdf', ${pdf.length}, ${pdf} from s`);
    const fingerprint = (db: Db) =>
      db
        .execute<{ f: string }>(
          sql`select (select string_agg(md5(t::text), ',' order by t.id) from support_tickets t) || '|' ||
                     (select string_agg(md5(m::text), ',' order by m.id) from support_messages m) || '|' ||
                     (select string_agg(md5(a.data) || a.name || a.position, ',' order by a.id) from support_attachments a) || '|' ||
                     (select string_agg(md5(k::text), ',' order by k.id) from kyc_submissions k) || '|' ||
                     (select string_agg(md5(d.data) || d.name, ',' order by d.id) from kyc_documents d) || '|' ||
                     (select string_agg(md5(f::text), ',' order by f.version) from kyc_forms f) as f`,
        )
        .then((r) => r.rows[0].f);
    const file = path.join(work, 'support.backup');
    await takeBackup(ctx.databaseUrl, file);
    const url = await newDatabase();
    await restoreBackup(file, url);
    const db = createDb(url, 2);
    try {
      expect(await fingerprint(db)).toBe(await fingerprint(ctx.db));
      const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from support_attachments where md5(data) in (${createHash('md5').update(png).digest('hex')}, ${createHash('md5').update(pdf).digest('hex')})`);
      expect(rows[0].n).toBe(2);
      const { rows: kyc } = await db.execute<{ n: number }>(sql`select count(*)::int as n from kyc_documents where md5(data) = ${createHash('md5').update(pdf).digest('hex')}`);
      expect(kyc[0].n).toBe(1);
    } finally {
      await db.$client.end();
    }
  });

  test('a database that holds anything is refused and left as it was', async () => {
    const file = path.join(work, 'quiet.backup');
    const before = await moneySnapshot(ctx);
    const err = await restoreBackup(file, ctx.databaseUrl).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/^The target database is not empty .*restore only into an empty database/);
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  test.each([
    ['a file cut short (its gzip stream ends early)', (gz: Buffer) => gz.subarray(0, Math.floor(gz.length * 0.7)), /is damaged or cut off/],
    ['a file whose content stops mid-table', (gz: Buffer) => { const text = gunzipSync(gz).toString('utf8'); return gzipSync(text.slice(0, Math.floor(text.length * 0.6))); }, /is cut off/],
    ['a file without its end record', (gz: Buffer) => { const text = gunzipSync(gz).toString('utf8').trimEnd(); return gzipSync(text.slice(0, text.lastIndexOf('\n') + 1)); }, /is cut off \(no end record\)/],
  ])('%s is refused and the empty database stays empty', async (_label, damage, message) => {
    const bad = path.join(work, `damaged-${randomBytes(3).toString('hex')}.backup`);
    await writeFile(bad, damage(await readFile(path.join(work, 'quiet.backup'))));
    const url = await newDatabase();
    const err = await restoreBackup(bad, url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(message);
    expect(await relationsIn(url)).toEqual([]);
  });

  test('a file that is not a backup is refused', async () => {
    const bogus = path.join(work, 'bogus.backup');
    await writeFile(bogus, gzipSync('{"hello":"world"}\n'));
    const err = await restoreBackup(bogus, await newDatabase()).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/is not a backup of this platform/);
  });
});
