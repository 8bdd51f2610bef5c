// A dedicated connection LISTENing on one channel, kept open: when it drops (a database restart, a failover, a network
// cut) it is opened again after a backoff (RECONNECT_FIRST_MS doubling up to RECONNECT_MAX_MS, jittered, so the
// instances do not all knock at once on a database that is coming back; back to the first wait once it listens). `onListening` runs each time the LISTEN is in place (at start and after every
// reconnection): a NOTIFY sent while no connection listened is lost, so the owner re-reads what it would have said.
// Used by the settings store and the notification stream; each owns one such connection per instance.
import pg from 'pg';
import type { Db } from './client.js';

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/** The application_name of a channel's listener connection (pg_stat_activity shows which instance listens where). */
export const listenerName = (channel: string) => `points-listen-${channel}`;

export interface ChannelListener {
  close(): Promise<void>;
}

export async function listenToChannel(
  db: Db,
  channel: string,
  handlers: { onNotification(payload: string): void; onListening(): void },
): Promise<ChannelListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let closed = false;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let failures = 0;

  async function listen() {
    if (closed) return;
    const client = new pg.Client({ ...db.$client.options, application_name: listenerName(channel) });
    const retry = () => {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      if (listener === client) listener = undefined;
      if (closed || reconnect) return;
      const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures++) * (0.5 + Math.random() / 2);
      reconnect = setTimeout(() => ((reconnect = undefined), void listen()), wait).unref();
    };
    client.on('notification', (m) => {
      if (m.channel === channel) handlers.onNotification(m.payload ?? '');
    });
    client.on('error', retry);
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (closed) return void client.end().catch(() => {});
      listener = client;
      failures = 0;
      handlers.onListening();
    } catch {
      retry();
    }
  }
  await listen();

  return {
    async close() {
      closed = true;
      clearTimeout(reconnect);
      const c = listener;
      listener = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
