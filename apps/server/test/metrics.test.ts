// GET /metrics (docs/operations.md#metrics, docs/security.md#metrics): the answer parses with an independent parser of
// the Prometheus text format (parse-prometheus-text-format, not prom-client's own), it is refused to an address
// METRICS_ALLOW does not list (X-Forwarded-For counting only from a proxy TRUST_PROXY trusts) and to a wrong token,
// and its counters count what they claim: a request, a committed posting (and not a refused one), a failed
// e-mail, an open stream, a caller who waited for a pool connection.
import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../src/db/client.js';
import { closeTestAppWithSmtp, signUp, signUpAs, startTestApp, startTestAppWithSmtp, waitForEmailQueueIdle, type TestContext } from './helpers.js';
import { fund } from './money-helpers.js';
import type { SmtpSink } from './smtp-sink.js';
import { openSse } from './sse.js';
import { randomTronAddress } from './tron-standin.js';

let ctx: TestContext;
let smtp: SmtpSink;
beforeAll(async () => {
  ({ ctx, smtp } = await startTestAppWithSmtp());
});
afterAll(() => closeTestAppWithSmtp(ctx, smtp));

const TOKEN = 'metrics-token-for-the-test-0123456789';

type Family = ReturnType<typeof parsePrometheusTextFormat>[number];

/** GET /metrics from `base`, parsed by the independent parser. */
async function scrape(base = ctx.url, headers: Record<string, string> = {}): Promise<Family[]> {
  const res = await fetch(`${base}/metrics`, { headers });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return parsePrometheusTextFormat(text);
}

/** The value of the sample of `name` whose labels include `labels` (0 when there is none yet: a counter not moved). */
function valueOf(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  expect(family, `metric ${name}`).toBeDefined();
  const sample = family!.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample && 'value' in sample ? Number(sample.value) : 0;
}

async function waitForMetric(name: string, labels: Record<string, string>, ok: (v: number) => boolean, what: string) {
  // A liveness bound (the queue's worker and the stream's close run on their own), not a latency goal.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = valueOf(await scrape(), name, labels);
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: ${name} stayed at ${v}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the answer', () => {
  test('parses as the Prometheus text format and holds every family the operations guide names', async () => {
    const res = await fetch(`${ctx.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(await res.text());
    const types = Object.fromEntries(families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      http_requests_total: 'COUNTER',
      http_request_duration_seconds: 'HISTOGRAM',
      db_pool_connections: 'GAUGE',
      db_pool_waits_total: 'COUNTER',
      db_pool_wait_seconds: 'HISTOGRAM',
      ledger_postings_total: 'COUNTER',
      db_transaction_retries_total: 'COUNTER',
      chain_poller_lag_seconds: 'GAUGE',
      chain_poller_last_success_timestamp_seconds: 'GAUGE',
      email_queue_depth: 'GAUGE',
      email_send_failures_total: 'COUNTER',
      email_sent_total: 'COUNTER',
      sse_streams_open: 'GAUGE',
      process_resident_memory_bytes: 'GAUGE',
      nodejs_heap_size_used_bytes: 'GAUGE',
      nodejs_eventloop_lag_p99_seconds: 'GAUGE',
    });
    // The pool serves this very test: it has connections.
    expect(valueOf(families, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    for (const stage of ['outbox', 'queued', 'dead']) expect(valueOf(families, 'email_queue_depth', { stage })).toBeGreaterThanOrEqual(0);
    // Chain deposits are off in this app: nothing is late.
    expect(valueOf(families, 'chain_poller_lag_seconds')).toBe(0);
    // Documented with every other route.
    const doc = await (await fetch(`${ctx.url}/api/docs/json`)).json();
    expect(doc.paths['/metrics'].get.tags).toEqual(['operations']);
  });
});

describe('who may read it', () => {
  test('loopback by default; another address, a forged X-Forwarded-For and a wrong token are refused; the token is accepted', async () => {
    // This instance (on the same database) allows 10.0.0.0/8 only, trusts no proxy, and takes a token.
    const other = await startTestApp({ METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: TOKEN }, { databaseUrl: ctx.databaseUrl });
    try {
      const refused = async (headers: Record<string, string>) => {
        const res = await fetch(`${other.url}/metrics`, { headers });
        expect(res.status).toBe(403);
        const text = await res.text();
        expect(text).not.toContain('http_requests_total');
        expect(JSON.parse(text)).toEqual({ success: false, message: 'Metrics are not available to this caller' });
      };
      await refused({});
      await refused({ 'x-forwarded-for': '10.1.2.3' });
      await refused({ authorization: 'Bearer wrong-token-of-the-same-sort-012345' });
      await refused({ authorization: `Bearer ${TOKEN}x` });
      await refused({ authorization: TOKEN });
      const families = await scrape(other.url, { authorization: `Bearer ${TOKEN}` });
      expect(families.some((f) => f.name === 'http_requests_total')).toBe(true);
    } finally {
      await other.close();
    }
  });

  test('behind a proxy TRUST_PROXY trusts, the client address it forwards is the one checked', async () => {
    const proxied = await startTestApp({ METRICS_ALLOW: '10.0.0.0/8', TRUST_PROXY: '127.0.0.1' }, { databaseUrl: ctx.databaseUrl });
    try {
      expect((await fetch(`${proxied.url}/metrics`, { headers: { 'x-forwarded-for': '10.1.2.3' } })).status).toBe(200);
      expect((await fetch(`${proxied.url}/metrics`, { headers: { 'x-forwarded-for': '192.168.1.5' } })).status).toBe(403);
      // The proxy itself (loopback) is not in the list.
      expect((await fetch(`${proxied.url}/metrics`)).status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('what it counts', () => {
  test('a request moves its route’s counter and histogram, labelled by pattern, never by raw URL', async () => {
    const beforeText = await (await fetch(`${ctx.url}/metrics`)).text();
    const before = parsePrometheusTextFormat(beforeText);
    const labels = { method: 'GET', route: '/api/v1/health', status: '200' };
    for (let i = 0; i < 3; i++) expect((await fetch(`${ctx.url}/api/v1/health`)).status).toBe(200);
    const missing = `/api/v1/no-such-route-${Date.now()}`;
    expect((await fetch(`${ctx.url}${missing}`)).status).toBe(404);
    const text = await (await fetch(`${ctx.url}/metrics`)).text();
    const after = parsePrometheusTextFormat(text);
    expect(valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels)).toBe(3);
    // The parser folds a labelled histogram's series into one (it keeps the buckets of the last label set and drops
    // _count): the count of this route's series is read from its line, after the parser accepted the whole text.
    const count = (t: string) => Number(/^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} (\d+)$/m.exec(t)?.[1] ?? 0);
    expect(count(text) - count(beforeText)).toBe(3);
    const unmatched = { method: 'GET', route: '(unmatched)', status: '404' };
    expect(valueOf(after, 'http_requests_total', unmatched) - valueOf(before, 'http_requests_total', unmatched)).toBe(1);
    expect(text).not.toContain('no-such-route');
  });

  test('a committed posting moves the postings counter of its kind; a refused one does not', async () => {
    const admin = await signUpAs(ctx, 'ADMIN');
    const sender = await signUp(ctx);
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 1_000);
    const transfer = { kind: 'transfer' };
    const added = { kind: 'adjustment_add' };
    const before = await scrape();
    // One statement on the pool (the transfer), and an inTransaction transaction (an admin's points).
    expect((await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: 1 })).status).toBe(200);
    expect((await admin.client.post('/api/v1/adpoint/addpoint', { email: recipient.user.email, points: 2 })).status).toBe(200);
    let after = await scrape();
    expect(valueOf(after, 'ledger_postings_total', transfer) - valueOf(before, 'ledger_postings_total', transfer)).toBe(1);
    expect(valueOf(after, 'ledger_postings_total', added) - valueOf(before, 'ledger_postings_total', added)).toBe(1);
    // Refused: more than the balance, and points for nobody (the transaction rolls back).
    expect((await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: 1_000_000 })).status).toBe(400);
    expect((await admin.client.post('/api/v1/adpoint/addpoint', { email: `nobody-${Date.now()}@example.com`, points: 2 })).status).toBe(404);
    const again = await scrape();
    expect(valueOf(again, 'ledger_postings_total', transfer)).toBe(valueOf(after, 'ledger_postings_total', transfer));
    expect(valueOf(again, 'ledger_postings_total', added)).toBe(valueOf(after, 'ledger_postings_total', added));
    after = again;
    // The counter agrees with the ledger: one transfer row per counted transfer of this test.
    const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'transfer'`);
    expect(valueOf(after, 'ledger_postings_total', transfer)).toBe(rows[0].n);
  });

  test('an e-mail SMTP refuses moves the failures counter', async () => {
    const sender = await signUp(ctx);
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 100);
    await waitForEmailQueueIdle(ctx);
    const before = valueOf(await scrape(), 'email_send_failures_total');
    const sentBefore = valueOf(await scrape(), 'email_sent_total');
    smtp.refusing = true;
    try {
      expect((await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: 1 })).status).toBe(200);
      await waitForMetric('email_send_failures_total', {}, (v) => v > before, 'no refused e-mail was counted');
      expect(smtp.refused).toBeGreaterThan(0);
    } finally {
      smtp.refusing = false;
    }
    // Once SMTP takes them, both e-mails (the sender's and the recipient's) count as sent.
    await waitForEmailQueueIdle(ctx);
    expect(valueOf(await scrape(), 'email_sent_total') - sentBefore).toBe(2);
  });

  test('an open notification stream is counted while it is open', async () => {
    const user = await signUp(ctx);
    const before = valueOf(await scrape(), 'sse_streams_open');
    const stream = await openSse(ctx.url, user.client, '/api/v1/notifications/stream');
    expect(stream.status).toBe(200);
    expect(valueOf(await scrape(), 'sse_streams_open')).toBe(before + 1);
    stream.close();
    await waitForMetric('sse_streams_open', {}, (v) => v === before, 'the closed stream is still counted');
  });

  test('the chain poller: its last success read from the database, and how long ago while chain deposits are on', async () => {
    await ctx.db.execute(sql`update chain_poller set last_success_at = '2026-01-02T03:04:05Z' where id = 1`);
    const off = await scrape();
    expect(valueOf(off, 'chain_poller_last_success_timestamp_seconds')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
    expect(valueOf(off, 'chain_poller_lag_seconds')).toBe(0); // chain deposits are off in this app: nothing is late
    // An instance with chain deposits on (its own database: the variables seed the settings there) whose chain API
    // answers nothing (a closed port), so no poll succeeds after the one written here.
    const on = await startTestApp({ TRON_API_URL: 'http://127.0.0.1:9', DEPOSIT_ADDRESS: randomTronAddress(), TRON_POLL_MS: '3600000' });
    try {
      await on.db.execute(sql`update chain_poller set last_success_at = now() - interval '1 hour' where id = 1`);
      const { rows } = await on.db.execute<{ ago: number }>(sql`select extract(epoch from now() - last_success_at)::float8 as ago from chain_poller`);
      const lag = valueOf(await scrape(on.url), 'chain_poller_lag_seconds');
      expect(rows[0].ago).toBeGreaterThanOrEqual(3600);
      expect(lag).toBeGreaterThanOrEqual(rows[0].ago);
    } finally {
      await on.close();
    }
  });

  test('a caller who finds every pool connection busy is counted as a wait', async () => {
    const db = createDb(ctx.databaseUrl, 1);
    try {
      const waits = () => scrape().then((f) => valueOf(f, 'db_pool_waits_total'));
      const before = await waits();
      const held = await db.$client.connect();
      const query = db.$client.query('select 1');
      expect(await waits()).toBe(before + 1);
      held.release();
      await query;
      // A connection free when asked for is no wait.
      await db.$client.query('select 1');
      expect(await waits()).toBe(before + 1);
    } finally {
      await db.$client.end();
    }
  });
});
