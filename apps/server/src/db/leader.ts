// A leader elected by a session-level advisory lock (the chain poller, decision 013): the lock lives as long as the
// session holding it, on a connection of its own checked out of the pool. When that session dies (a failover, a
// restart, pg_terminate_backend) the lock is gone at once and another instance may take it, while this one is
// still in the middle of its run. So the leader checks it still is one (`assert`) before acting on what it fetched:
// its lock connection has not failed, and the database its pool reaches shows the lock held by that very session
// of that very server (after a failover the pool reaches a new primary, where the old session never existed).
// A leader that lost its lock stops with LeadershipLost and takes the lock again at its next turn, like anyone.
import type pg from 'pg';
import type { Db } from './client.js';
import { sessionLockHeld, sessionUnlock, trySessionLock, type FixedLock } from './locks.js';

export class LeadershipLost extends Error {
  constructor(lock: FixedLock) {
    super(`the ${lock} lock's session is gone: another instance may hold the lock now`);
    this.name = 'LeadershipLost';
  }
}

export interface SessionLeader {
  /** Throws LeadershipLost unless this session still holds the lock (one query on the pool). */
  assert(): Promise<void>;
  /** Unlocks and gives the connection back (closed, not pooled, when the unlock failed or the session died). */
  release(): Promise<void>;
}

/** Takes the fixed session lock without waiting: the leader, or null when another session holds it. */
export async function takeSessionLock(db: Db, lock: FixedLock): Promise<SessionLeader | null> {
  const client: pg.PoolClient = await db.$client.connect();
  let lost = false;
  const onLost = () => (lost = true);
  // db/client.ts keeps the process alive through the 'error'; these only record that the session is gone.
  client.on('error', onLost);
  client.on('end', onLost);
  const done = (destroy: boolean) => {
    client.off('error', onLost);
    client.off('end', onLost);
    client.release(destroy);
  };
  let row: { ok: boolean; pid: number; server: string };
  try {
    row = (await client.query<{ ok: boolean; pid: number; server: string }>(trySessionLock(lock))).rows[0];
  } catch (e) {
    done(true);
    throw e;
  }
  if (!row.ok) {
    done(false);
    return null;
  }
  return {
    async assert() {
      if (!lost) {
        const { rows } = await db.execute<{ held: boolean }>(sessionLockHeld(lock, row.pid, row.server));
        if (!rows[0]?.held) lost = true;
      }
      if (lost) throw new LeadershipLost(lock);
    },
    async release() {
      // A connection whose unlock failed is closed, not pooled: a lock left on it would stop every other instance.
      const unlocked = !lost && (await client.query(sessionUnlock(lock)).then(() => true, () => false));
      done(!unlocked);
    },
  };
}
