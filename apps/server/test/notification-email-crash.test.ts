// A kill -9 of the server between queueing and sending loses no e-mail and sends none twice. The real
// server (src/main.ts through tsx, its own process group) on a database of this file's own, e-mailing a real
// SMTP server (smtp-server) that first refuses, then hangs mid-conversation (so the killed process holds jobs
// locked), and accepts once the server is started again.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { renderNotification } from '@app/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type Db } from '../src/db/client.js';
import { post } from '../src/ledger/ledger.js';
import { Client, freshDatabaseUrl, waitForEmailQueueIdle } from './helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const mainTs = path.join(serverDir, 'src/main.ts');
const RECEIVED = renderNotification('transfer_received', { amountCents: 100, senderName: 'x' }).title;
const SENT = renderNotification('transfer_sent', { amountCents: 100, recipientEmail: 'x' }).title;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let work = '';
let databaseUrl = '';
let db: Db;
let smtp: SmtpSink;
let port = 0;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [tsxCli, mainTs], {
    cwd: work, // no .env of the repository is read
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SIGNUP_LIMIT_PER_HOUR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: tsx and the server die together
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) return { child, output: () => out };
    if (Date.now() > deadline) throw new Error(`the server did not start: ${out}`);
    await sleep(200);
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* gone already */
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'points-mail-crash-'));
  databaseUrl = await freshDatabaseUrl();
  db = createDb(databaseUrl, 4);
  smtp = await startSmtpSink();
  port = await freePort();
});
afterAll(async () => {
  for (const c of children) killGroup(c, 'SIGKILL');
  await db?.$client.end();
  await smtp?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function queueState() {
  const { rows } = await db.execute<{ jobs: number; locked: number }>(
    sql`select count(*)::int as jobs, count(locked_by)::int as locked from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'notification_email')`,
  );
  return rows[0];
}

test('kill -9 while e-mails are queued (some refused, some mid-conversation): after a restart each arrives exactly once', async () => {
  const first = await startServer();
  const base = `http://127.0.0.1:${port}`;
  const signUp = async () => {
    const client = new Client(base);
    const email = `crash-${randomUUID()}@example.com`;
    const res = await client.post('/api/v1/user/register', { fullName: 'Crash Test', email, phone: '+971500000000', password: 'correct-horse-9' });
    expect(res.status, res.text).toBe(201);
    return { client, email, id: res.body.user._id as string };
  };
  const sender = await signUp();
  await db.transaction((tx) =>
    post(tx, {
      kind: 'adjustment_add',
      eventKey: `test-fund:${randomUUID()}`,
      postings: [
        { account: { code: 'equity:adjustments' }, amountCents: -100_000 },
        { account: { userId: sender.id }, amountCents: 100_000 },
      ],
    }),
  );
  const recipients = await Promise.all(Array.from({ length: 5 }, () => signUp()));

  smtp.refusing = true;
  for (const r of recipients) {
    const res = await sender.client.post('/api/v1/point/transfer', { recipientEmail: r.email, points: 1 });
    expect(res.status, res.text).toBe(200);
  }
  // 10 e-mails (5 received, 5 sent): each tried and refused at least once.
  await smtp.waitFor(() => smtp.refused >= 10, 30_000, 'a refusal of every e-mail');
  // Then the SMTP server hangs: the next attempts stay mid-conversation, their jobs locked by this process.
  smtp.stalling = true;
  await smtp.waitFor(() => smtp.stalled >= 1, 30_000, 'an e-mail in flight');
  const before = await queueState();
  expect(before.jobs).toBeGreaterThanOrEqual(10);
  expect(before.locked).toBeGreaterThanOrEqual(1);
  killGroup(first.child, 'SIGKILL');
  await new Promise((r) => first.child.once('exit', r));
  expect(smtp.mails).toHaveLength(0);

  smtp.stalling = false;
  smtp.refusing = false;
  const second = await startServer();
  const transferMails = (to: string) => smtp.mailsTo(to).filter((m) => [RECEIVED, SENT].includes(m.headers.get('subject') ?? ''));
  await smtp.waitFor(
    () => recipients.every((r) => transferMails(r.email).length >= 1) && transferMails(sender.email).length >= 5,
    60_000,
    `every e-mail after the restart (${second.output()})`,
  );
  // Every job finished (a job leaves the queue only once SMTP accepted its e-mail): no duplicate can come later.
  await waitForEmailQueueIdle({ db });
  for (const r of recipients) expect(transferMails(r.email), r.email).toHaveLength(1);
  expect(transferMails(sender.email)).toHaveLength(5);
  // Nothing at all arrived twice, and nothing is left in the queue.
  const ids = smtp.mails.map((m) => m.headers.get('message-id'));
  expect(new Set(ids).size).toBe(ids.length);
  expect((await queueState()).jobs).toBe(0);
  const recorded = await db.execute<{ n: number }>(sql`select count(*)::int as n from notification_emails`);
  expect(recorded.rows[0].n).toBe(smtp.mails.length);
  killGroup(second.child, 'SIGTERM');
}, 150_000);
