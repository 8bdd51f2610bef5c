// What the instance tells its monitoring (docs/operations.md#metrics): one prom-client registry per process, read by
// GET /metrics (plugins/metrics.ts) in the Prometheus text format. Every counter here is moved by the code that does
// the thing it counts, in memory and at no cost to a database: a request's by the app's onResponse hook, a posting's
// once its transaction committed (db/transaction.ts afterCommit), a failed e-mail's by the job that tried it. Counters
// are per process; Prometheus adds the instances up (`sum(rate(…))`).
import client, { type Counter, type Gauge, type Histogram } from 'prom-client';

export const registry = new client.Registry();
// Process memory, CPU, handles, GC, and the event loop's delay (nodejs_eventloop_lag_p99_seconds and friends).
client.collectDefaultMetrics({ register: registry });

const registers = [registry];
const counter = <L extends string = never>(name: string, help: string, labelNames: L[] = []): Counter<L> => new client.Counter({ name, help, labelNames, registers });
const gauge = <L extends string = never>(name: string, help: string, labelNames: L[] = []): Gauge<L> => new client.Gauge({ name, help, labelNames, registers });
const histogram = <L extends string = never>(name: string, help: string, buckets: number[], labelNames: L[] = []): Histogram<L> =>
  new client.Histogram({ name, help, buckets, labelNames, registers });

/** By route pattern (never the raw URL, so the label set stays bounded), method and status. */
export const httpRequests = counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']);

export const httpDuration = histogram(
  'http_request_duration_seconds',
  'Time from the request arriving to its answer sent, by method, route pattern and status',
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  ['method', 'route', 'status'],
);

export const ledgerPostings = counter('ledger_postings_total', 'Ledger transactions committed (ledger_post), by kind', ['kind']);

/** Transactions PostgreSQL aborted and inTransaction ran again (db/transaction.ts): two lock orders met. */
export const dbRetries = counter('db_transaction_retries_total', 'Transactions aborted as a deadlock victim or for a serialization failure and run again', ['reason']);

export const emailFailures = counter('email_send_failures_total', 'Notification e-mails SMTP refused or could not take (each is retried by the queue)');

export const emailsSent = counter('email_sent_total', 'Notification e-mails SMTP accepted');

export const sseStreams = gauge('sse_streams_open', 'Notification event streams (server-sent events) open on this instance');

export const dbPoolWaits = counter('db_pool_waits_total', 'Connections asked of the database pool while every connection was busy (the caller waited)');

export const dbPoolWaitSeconds = histogram('db_pool_wait_seconds', 'How long a caller waited for a pool connection when every connection was busy', [
  0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5,
]);

/** What the pool gauge reads; pg.Pool has these. */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  ending?: boolean;
  ended?: boolean;
}

const pools = new Set<PoolLike>();

/** The app's pool, whose connections /metrics reports (db/client.ts); a pool that ended is dropped at the next read. */
export function trackPool(pool: PoolLike): void {
  pools.add(pool);
}

new client.Gauge({
  name: 'db_pool_connections',
  help: 'The database pool: connections open (total), idle, and callers waiting for one (waiting)',
  labelNames: ['state'],
  registers,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const p of pools) {
      if (p.ending || p.ended) {
        pools.delete(p);
        continue;
      }
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Read from the database when /metrics is asked (plugins/metrics.ts): the whole platform's, whichever instance answers. */
export const emailQueueDepth = gauge(
  'email_queue_depth',
  'Notification e-mails waiting: in the outbox (not yet in a job), in jobs still to run, in jobs that gave up (dead)',
  ['stage'],
);

export const chainPollerLastSuccess = gauge(
  'chain_poller_last_success_timestamp_seconds',
  'When the chain deposits poller last finished a poll without error (any instance), Unix time; 0: never',
);

export const chainPollerLag = gauge('chain_poller_lag_seconds', 'Seconds since the chain deposits poller last finished a poll without error; 0 while chain deposits are off');
