// Migrations run at every start under an advisory lock, so several instances may start at once. The e-mail
// queue's own schema (graphile_worker, decision 014) is brought up to date under the same lock, after ours.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker';
import { sessionLock, sessionUnlock } from './locks.js';

export function migrationsFolder(): string {
  // Beside this module: src/db/migrations from source, dist/migrations in the bundled server.
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

/** `folder`: another copy of the migrations (a restore stops at its backup's level). */
export async function runMigrations(url: string, folder = migrationsFolder()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sessionLock('migrations'));
    await migrate(drizzle(client), { migrationsFolder: folder });
    // graphile-worker's own schema (its messages are left out: a failure throws and stops the start anyway).
    await runQueueMigrations({ connectionString: url, logger: new Logger(() => () => {}) });
  } finally {
    await client.query(sessionUnlock('migrations')).catch(() => {});
    await client.end();
  }
}
