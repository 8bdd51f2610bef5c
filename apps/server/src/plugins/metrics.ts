// GET /metrics in the Prometheus text format (docs/operations.md#metrics), and the hook that counts every request.
// Not public (docs/security.md#metrics): the routes, their traffic and the queues tell an outsider too much. It
// answers a caller whose address METRICS_ALLOW lists (loopback by default), or who presents METRICS_TOKEN as a
// bearer token; everyone else gets 403. The address is Fastify's `req.ip`, so X-Forwarded-For counts only from
// the proxies TRUST_PROXY trusts, as for throttling: an untrusted client cannot claim to be 127.0.0.1.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { chainPollerLag, chainPollerLastSuccess, emailQueueDepth, httpDuration, httpRequests, registry } from '../metrics.js';

export interface MetricsOptions {
  db: Db;
  /** METRICS_ALLOW: addresses and CIDR ranges, comma-separated, or `none`. */
  allow: string;
  /** METRICS_TOKEN: the bearer token accepted from any address; empty: none. */
  token: string;
  /** Whether the chain deposits poller should be running (its lag means nothing while chain deposits are off). */
  chainPollerOn: () => boolean;
}

/**
 * The label of a request's route: the pattern the router matched for API routes and /metrics; every page and
 * asset of the web app is `(web)`, and a request no route matched `(unmatched)`. Never the raw URL: a scanner
 * trying a million paths must not make a million series.
 */
function routeLabel(req: FastifyRequest, status: number): string {
  const route = req.routeOptions.url;
  if (route === undefined) return status === 404 ? '(unmatched)' : '(web)';
  return route.startsWith('/api/') || route === '/metrics' ? route : '(web)';
}

function allowList(spec: string): BlockList {
  const list = new BlockList();
  if (spec === 'none') return list;
  for (const entry of spec.split(',')) {
    const [address, prefix] = entry.trim().split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** An IPv4 client of a dual-stack socket arrives as `::ffff:a.b.c.d`: checked as the IPv4 address it is. */
function listed(list: BlockList, ip: string): boolean {
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The figures that live in the database, read once per scrape (never per request); a failed read leaves the queue's absent. */
async function readDatabaseGauges(db: Db, chainPollerOn: boolean): Promise<void> {
  emailQueueDepth.reset();
  // A batch job carries its e-mails' ids (up to 200, unless one statement told more people), any other job one; a job
  // out of attempts is dead.
  const { rows } = await db.execute<{ outbox: number; queued: number; dead: number; last_success: number | null; lag: number | null }>(sql`
    select
      (select count(*) from notification_email_outbox)::int
        + (select coalesce(sum(cardinality(notification_ids)), 0) from notification_email_outbox_sets)::int as outbox,
      (select coalesce(sum(case when json_typeof(payload->'ids') = 'array' then json_array_length(payload->'ids') else 1 end), 0)
         from graphile_worker._private_jobs where attempts < max_attempts)::int as queued,
      (select count(*) from graphile_worker._private_jobs where attempts >= max_attempts)::int as dead,
      extract(epoch from p.last_success_at)::float8 as last_success,
      extract(epoch from now() - p.last_success_at)::float8 as lag
    from (select 1) one left join chain_poller p on p.id = 1`);
  const r = rows[0];
  emailQueueDepth.set({ stage: 'outbox' }, r.outbox);
  emailQueueDepth.set({ stage: 'queued' }, r.queued);
  emailQueueDepth.set({ stage: 'dead' }, r.dead);
  chainPollerLastSuccess.set(r.last_success ?? 0);
  // Off: 0, nothing is late. On but never a success: as large as it can be told, so the alert fires.
  chainPollerLag.set(chainPollerOn ? (r.lag ?? Number.MAX_SAFE_INTEGER) : 0);
}

/** The hook that counts every request: registered before any route, so each one is counted. */
export const countRequests = fp(async (app: FastifyInstance) => {
  // One counter and one histogram observation per request, in memory: nothing on the money path waits for it.
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: routeLabel(req, reply.statusCode), status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
});

/** GET /metrics: registered after the OpenAPI plugin, which documents only the routes that come after it. */
export const metricsRoute = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const list = allowList(opts.allow);
  const token = opts.token ? digest(opts.token) : null;
  const allowed = (req: FastifyRequest): boolean => {
    const auth = req.headers.authorization;
    // Compared as digests of equal length in constant time: the answer's timing tells nothing of the token.
    if (token && auth?.startsWith('Bearer ') && timingSafeEqual(digest(auth.slice(7)), token)) return true;
    return listed(list, req.ip);
  };

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (text format): from the addresses of METRICS_ALLOW (loopback by default) or with METRICS_TOKEN as a bearer token; 403 otherwise',
      },
    },
    async (req, reply) => {
      if (!allowed(req)) return reply.status(403).send({ success: false, message: 'Metrics are not available to this caller' });
      try {
        await readDatabaseGauges(opts.db, opts.chainPollerOn());
      } catch (e) {
        // The process's own figures still say something while the database is away (a failover).
        req.log.warn({ err: e }, 'metrics: the database figures could not be read');
      }
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    },
  );
});
