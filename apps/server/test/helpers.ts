// A fresh database per test file (cloned from the migrated template), the real app listening on a
// real port, and an HTTP client with a cookie jar that plays the browser's part in the CSRF check.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/client.js';
import { createMailer } from '../src/mail/mailer.js';
import { checkLedger } from '../src/ledger/check.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, migrated database of this test file's own. */
export async function freshDatabaseUrl(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `t_${inject('runId')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
        break;
      } catch (e) {
        // Two clones of one template at the same instant can collide; a retry succeeds.
        if (attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

/** A clock tests can move: sessions and resets read time from it. */
export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestContext {
  app: App;
  /** Every response the Clients of this context received, in order (test/leak-scan.ts scans them). */
  responses: RecordedResponse[];
  db: Db;
  url: string;
  config: Config;
  clock: TestClock;
  dataDir: string;
  databaseUrl: string;
  client(): Client;
  close(): Promise<void>;
}

/** The app on a fresh database, or on `databaseUrl` (e.g. a second instance beside another on one database). */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { databaseUrl?: string; logger?: object; housekeepingEveryMs?: number } = {},
): Promise<TestContext> {
  const databaseUrl = opts.databaseUrl ?? (await freshDatabaseUrl());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'points-test-data-'));
  // SIGNUP_LIMIT_PER_HOUR 0: test files sign up many users from one address (a test of the limit passes its own).
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', SIGNUP_LIMIT_PER_HOUR: '0', ...env });
  const db = createDb(databaseUrl, 30);
  const clock = new TestClock();
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir, log: () => {} });
  const app = await buildApp({
    config,
    db,
    mailer,
    clock: clock.now,
    logger: opts.logger ?? false,
    // Housekeeping would prune rows a test may still be counting: a test of the schedule asks for a short interval.
    housekeepingEveryMs: opts.housekeepingEveryMs ?? 24 * 60 * 60 * 1000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const responses: RecordedResponse[] = [];
  return {
    app,
    responses,
    db,
    url,
    config,
    clock,
    dataDir,
    databaseUrl,
    client: () => new Client(url, responses),
    close: async () => {
      await app.close();
      // What `npm run ledger:check` checks, after every test file: a file that leaves a breach fails.
      const report = await checkLedger(db).catch((e: unknown) => ({ ok: false, breaches: [`the check failed: ${(e as Error)?.message ?? e}`] }));
      await db.$client.end();
      if (!report.ok) throw new Error(`ledger check after the test file:\n${report.breaches.join('\n')}`);
    },
  };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** A response as a Client received it: what test/leak-scan.ts looks for secrets in. */
export interface RecordedResponse {
  /** `METHOD /path → status` */
  call: string;
  /** The headers (one `name: value` a line), a blank line, then the body. */
  text: string;
  setCookies: string[];
}

/**
 * A browser-like HTTP client: keeps cookies and echoes XSRF-TOKEN in X-XSRF-TOKEN unless told not to. Every response
 * is appended to `recorded` when given (ctx.client() passes its context's list), so a file's leak scan needs no patch.
 */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly recorded?: RecordedResponse[],
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(
    method: string,
    pathname: string,
    body?: unknown,
    opts: { headers?: Record<string, string>; csrf?: boolean | string; raw?: string | Buffer } = {},
  ): Promise<Res<T>> {
    if (opts.csrf !== false && !this.cookies.has('XSRF-TOKEN') && !['GET', 'HEAD'].includes(method)) {
      await this.request('GET', '/api/v1/health');
    }
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (opts.csrf !== false) {
      const token = typeof opts.csrf === 'string' ? opts.csrf : this.cookies.get('XSRF-TOKEN');
      if (token) headers['x-xsrf-token'] = token;
    }
    let payload: string | Buffer | undefined = opts.raw;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.base + pathname, { method, headers, body: payload as BodyInit | undefined, redirect: 'manual' });
    this.store(res);
    const text = await res.text();
    if (this.recorded) {
      const headerLines = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
      this.recorded.push({ call: `${method} ${pathname} → ${res.status}`, text: `${headerLines}\n\n${text}`, setCookies: res.headers.getSetCookie() });
    }
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  get<T = any>(p: string, opts?: Parameters<Client['request']>[3]) {
    return this.request<T>('GET', p, undefined, opts);
  }
  post<T = any>(p: string, body?: unknown, opts?: Parameters<Client['request']>[3]) {
    return this.request<T>('POST', p, body, opts);
  }
  put<T = any>(p: string, body?: unknown, opts?: Parameters<Client['request']>[3]) {
    return this.request<T>('PUT', p, body, opts);
  }
  del<T = any>(p: string, opts?: Parameters<Client['request']>[3]) {
    return this.request<T>('DELETE', p, undefined, opts);
  }
}

let seq = 0;
/** Signs up a new user through the API; the client is then logged in as that user. */
export async function signUp(ctx: TestContext, overrides: Partial<{ fullName: string; email: string; phone: string; password: string; refer: string }> = {}) {
  const client = ctx.client();
  const n = `${process.pid}${++seq}${randomBytes(2).toString('hex')}`;
  const input = { fullName: `User ${n}`, email: `user${n}@example.com`, phone: '+971500000000', password: 'correct-horse-9', ...overrides };
  const res = await client.post('/api/v1/user/register', input);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { client, user: res.body.user as { _id: string; email: string; role: string; referralCode: string }, password: input.password };
}

/** Makes an existing user an ADMIN or SADMIN straight in the database (tests only). */
export async function setRole(ctx: TestContext, userId: string, role: 'USER' | 'ADMIN' | 'SADMIN') {
  await ctx.db.execute(sql`update users set role = ${role} where id = ${userId}`);
}

export async function signUpAs(ctx: TestContext, role: 'USER' | 'ADMIN' | 'SADMIN') {
  const s = await signUp(ctx);
  if (role !== 'USER') await setRole(ctx, s.user._id, role);
  return s;
}

/** A test app whose e-mail goes to an SMTP sink of its own (APP_URL: the origin of the mails' links). */
export async function startTestAppWithSmtp(appUrl = 'https://points.example.com'): Promise<{ smtp: SmtpSink; ctx: TestContext }> {
  const smtp = await startSmtpSink();
  try {
    return { smtp, ctx: await startTestApp({ SMTP_URL: smtp.url, APP_URL: appUrl }) };
  } catch (e) {
    await smtp.close();
    throw e;
  }
}

/** Closes what startTestAppWithSmtp started (either may be missing when it failed). */
export async function closeTestAppWithSmtp(ctx: TestContext | undefined, smtp: SmtpSink | undefined) {
  await ctx?.close();
  await smtp?.close();
}

/** A client presenting exactly this session cookie, as a kept or stolen cookie would be replayed. */
export function sessionClient(ctx: TestContext, sid: string): Client {
  const c = ctx.client();
  c.cookies.set('sid', sid);
  return c;
}

/** A new client, logged in with this e-mail and password. */
export async function loginClient(ctx: TestContext, email: string, password: string): Promise<Client> {
  const c = ctx.client();
  const res = await c.post('/api/v1/user/login', { email, password });
  expect(res.status, res.text).toBe(200);
  return c;
}

/** A signed-up user: its logged-in client, the user as the API answered, and its password. */
export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** A test app with a SADMIN and then an ADMIN signed up on it (the user-desk and audit-log tests). */
export async function startTestAppWithAdmins(): Promise<{ ctx: TestContext; sadmin: SignedUp; admin: SignedUp }> {
  const ctx = await startTestApp();
  const sadmin = await signUpAs(ctx, 'SADMIN');
  const admin = await signUpAs(ctx, 'ADMIN');
  return { ctx, sadmin, admin };
}

/** Every e-mail to `to` in the outbox with this subject, oldest first (what has been written so far). */
export async function mailsTo(ctx: TestContext, to: string, subject: string): Promise<string[]> {
  const dir = path.join(ctx.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return texts.filter((t) => t.includes(`To: ${to}`) && t.includes(`Subject: ${subject}`));
}

/** Waits (up to 5 s) until `to` has `n` e-mails with this subject, then returns them, oldest first. */
export async function waitForMails(ctx: TestContext, to: string, subject: string, n: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = await mailsTo(ctx, to, subject);
    if (mails.length >= n || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The newest e-mail with this subject written to the outbox (mail is sent in the background, so this waits for it).
 * The subject tells it apart from the security notices a sign-in may send at the same time (a new browser).
 */
export async function lastMail(ctx: TestContext, to: string, timeoutMs = 5000, subject = 'Reset your password'): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const dir = path.join(ctx.dataDir, 'outbox');
  while (Date.now() < deadline) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const text = await readFile(path.join(dir, f), 'utf8');
      if (text.includes(`To: ${to}`) && text.includes(`Subject: ${subject}`)) return text;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * Waits until the e-mail outbox is empty and the e-mail queue (graphile-worker, decisions 014 and 023) holds no job
 * that may still run: every e-mail of a notification so far was handed to SMTP (or the mail folder) or skipped, and no
 * retry is pending. A notification enters the outbox in the statement that writes it, and leaves it only in the
 * commit that queues its job; a job leaves the queue only once its e-mail was accepted: so after this, an e-mail that
 * has not arrived will not arrive. What a test waits for before checking that nothing else was sent.
 */
export async function waitForEmailQueueIdle(ctx: { db: Db }, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select (select count(*) from graphile_worker._private_jobs where attempts < max_attempts)::int + (select count(*) from notification_email_outbox)::int
        + (select count(*) from notification_email_outbox_sets)::int as n`,
    );
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`the e-mail queue still holds ${rows[0].n} job(s) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
