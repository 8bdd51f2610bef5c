// GET /api/v1/notifications/stream (docs/product.md#notifications): server-sent events. Each instance keeps one database connection
// LISTENing on channel "notifications" (db/listen.ts); the insert trigger of migration 0013 sends the ids of the
// users who have new rows, or "*" for a large batch, when their transaction commits. For each connected stream of
// a user concerned the instance reads the rows with an id above the last one that stream sent, and sends them in
// id order (notify.ts keeps a user's ids in commit order). A reconnecting browser names that id in Last-Event-ID
// and gets the same read, so a stream loses nothing across a dropped connection, a restart or a missed NOTIFY
// (after the listener reconnects, every stream re-reads). A comment line every 15 s keeps proxies from closing
// the connection; the app's shutdown ends every stream before the server closes.
// The trigger NOTIFYs only for users some instance streams to (decision 023): this instance records in
// notification_streams each user it holds a stream for, before the stream's first read, and refreshes the rows with
// every heartbeat (a row not refreshed for a minute counts for nothing, so a killed instance's rows cost nothing).
// A transaction whose insert ran just before such a row committed sends no NOTIFY, yet may commit after the stream's
// first read: each stream reads again at the first two heartbeats after it opened, which catches it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOTIFICATION_SSE_EVENT, notificationLanguage, type NotificationStreamEvent } from '@app/contract';
import type { Db } from '../../db/client.js';
import { listenToChannel, type ChannelListener } from '../../db/listen.js';
import { sseStreams } from '../../metrics.js';
import { lastNotificationId, liveSessions, notificationsAfter, toItem } from './notifications.service.js';

export const NOTIFICATIONS_CHANNEL = 'notifications';
export const HEARTBEAT_MS = 15_000;
/** What a browser waits before reconnecting (the SSE `retry:` field). */
export const RETRY_MS = 3_000;
/** Streams one user may hold open on one instance (a browser's tabs); one more is refused (429). */
export const STREAMS_PER_USER = 20;
const BATCH = 100;

interface Stream {
  userId: string;
  /** The session the stream was opened with: when it ends (sign-out, revoked), so does the stream. */
  sessionHash: string;
  lastId: number;
  reply: FastifyReply;
  /** A read is running; `again`: another was asked for meanwhile. */
  busy: boolean;
  again: boolean;
  /** Heartbeats left at which the stream reads again whatever NOTIFY said (see the top of this file). */
  rechecks: number;
}

export interface NotificationHub {
  /** Takes over the request's connection as an event stream. */
  open(req: FastifyRequest, reply: FastifyReply, userId: string, sessionHash: string): Promise<void>;
  /** Streams open on this instance (for tests and health). */
  size(): number;
  /** Ends every stream (shutdown, before the server closes). */
  endStreams(): void;
  close(): Promise<void>;
}

/** The Last-Event-ID a browser sends when it reconnects: the id of the last notification it received. */
function lastEventIdOf(req: FastifyRequest): number | null {
  const raw = req.headers['last-event-id'];
  const text = typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

export async function openNotificationHub(db: Db, log: { warn(m: string): void }): Promise<NotificationHub> {
  const byUser = new Map<string, Set<Stream>>();
  let closing = false;
  const instance = randomUUID();
  const register = (userId: string) =>
    db.execute(sql`insert into notification_streams (user_id, instance) values (${userId}, ${instance}) on conflict (user_id, instance) do update set seen_at = now()`);
  const unregister = (userId: string) =>
    db.execute(sql`delete from notification_streams where user_id = ${userId} and instance = ${instance}`).catch(() => {});

  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  async function check(s: Stream): Promise<void> {
    if (s.busy) {
      s.again = true;
      return;
    }
    s.busy = true;
    try {
      do {
        s.again = false;
        const rows = await notificationsAfter(db, s.userId, s.lastId, BATCH);
        if (s.reply.raw.destroyed) return;
        for (const r of rows) {
          const data: NotificationStreamEvent = { ...toItem(r, notificationLanguage(r.language)), unread: r.unread };
          s.reply.raw.write(`id: ${r.id}\nevent: ${NOTIFICATION_SSE_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
          s.lastId = Number(r.id);
        }
        if (rows.length === BATCH) s.again = true;
      } while (s.again && !closing);
    } catch (e) {
      if (!closing) log.warn(`notifications: a stream could not be brought up to date (${e instanceof Error ? e.message : String(e)})`);
    } finally {
      s.busy = false;
    }
  }

  const checkUsers = (payload: string) => {
    if (payload === '*') return void all().forEach((s) => void check(s));
    for (const userId of payload.split(',')) byUser.get(userId)?.forEach((s) => void check(s));
  };

  const listener: ChannelListener = await listenToChannel(db, NOTIFICATIONS_CHANNEL, {
    onNotification: checkUsers,
    // Whatever was committed while no connection listened.
    onListening: () => checkUsers('*'),
  });

  // The heartbeat also ends the streams whose session has ended since they opened, writes again this instance's
  // rows of notification_streams (a row whose stream closed and reopened at once may have been deleted after the
  // reopening wrote it), removes rows nobody refreshed for 10 minutes (an instance killed), and reads again for the
  // streams that opened since the last two heartbeats.
  const heartbeat = setInterval(() => {
    const streams = all();
    for (const s of streams) if (!s.reply.raw.destroyed) s.reply.raw.write(': keep-alive\n\n');
    const users = [...byUser.keys()];
    (users.length
      ? db.execute(sql`
          insert into notification_streams (user_id, instance) select unnest(${sql.param(users)}::uuid[]), ${instance}
          on conflict (user_id, instance) do update set seen_at = now()`)
      : Promise.resolve()
    )
      .then(() => db.execute(sql`delete from notification_streams where seen_at < now() - interval '10 minutes'`))
      .catch(() => {});
    for (const s of streams) {
      if (s.rechecks <= 0) continue;
      s.rechecks--;
      void check(s);
    }
    if (streams.length === 0) return;
    liveSessions(db, [...new Set(streams.map((s) => s.sessionHash))]).then(
      (live) => streams.filter((s) => !live.has(s.sessionHash)).forEach((s) => (remove(s), s.reply.raw.end())),
      () => {},
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function remove(s: Stream) {
    const set = byUser.get(s.userId);
    if (!set?.delete(s)) return;
    sseStreams.dec();
    if (set.size === 0) {
      byUser.delete(s.userId);
      void unregister(s.userId);
    }
  }

  return {
    async open(req, reply, userId, sessionHash) {
      const mine = byUser.get(userId);
      if (closing) return void reply.status(503).send({ success: false, message: 'The server is restarting; try again shortly' });
      if (mine && mine.size >= STREAMS_PER_USER) {
        return void reply.status(429).send({ success: false, message: 'Too many open notification streams; close some tabs' });
      }
      // Registered before the first read: what commits from here on is announced to this instance.
      await register(userId);
      const lastId = lastEventIdOf(req) ?? (await lastNotificationId(db, userId));
      // The headers other hooks set (security headers, a renewed cookie) go out with the stream's own.
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx must pass each event on at once, not buffer (or compress) the stream.
        'x-accel-buffering': 'no',
      });
      reply.raw.write(`retry: ${RETRY_MS}\n\n`);
      const s: Stream = { userId, sessionHash, lastId, reply, busy: false, again: false, rechecks: 2 };
      const set = byUser.get(userId) ?? new Set<Stream>();
      set.add(s);
      sseStreams.inc();
      byUser.set(userId, set);
      reply.raw.on('close', () => remove(s));
      // What came after Last-Event-ID (or was written between the read of the last id and now).
      await check(s);
    },
    size: () => all().length,
    endStreams() {
      closing = true;
      for (const s of all()) {
        remove(s);
        s.reply.raw.end();
      }
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      await listener.close();
      await db.execute(sql`delete from notification_streams where instance = ${instance}`).catch(() => {});
    },
  };
}
