// Start failures an operator can act on: each is one sentence saying what happened and what to do, printed
// without a stack trace, and the process exits 1 (main.ts). Anything else is a bug and keeps its stack.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export class StartError extends Error {}

/** DATA_DIR must exist (it is created) and take a file, with DATABASE_URL too: the mail outbox lives there. */
export async function ensureDataDir(dataDir: string): Promise<void> {
  const dir = path.resolve(dataDir);
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new StartError(
      `DATA_DIR ${dir} cannot be created or written (${err.code ?? err.message}): make it writable for this user, or set DATA_DIR to a folder it can write.`,
    );
  }
}

/** Connects once to DATABASE_URL, so that a database that does not answer or refuses us is told as such. */
export async function checkDatabaseUrl(url: string): Promise<void> {
  const u = new URL(url);
  const where = `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === '28P01' || err.code === '28000') {
      throw new StartError(
        `The database at DATABASE_URL (${where}) refused the credentials of user "${decodeURIComponent(u.username) || 'postgres'}": correct the user name and password in DATABASE_URL.`,
      );
    }
    if (err.code === '3D000') {
      throw new StartError(`The database server at DATABASE_URL (${where}) has no database "${decodeURIComponent(u.pathname.slice(1))}": create it, or correct DATABASE_URL.`);
    }
    const why = err.code && !/^[0-9A-Z]{5}$/.test(err.code) ? err.code : err.message;
    throw new StartError(`The database at DATABASE_URL (${where}) does not answer (${why}): start PostgreSQL there, or correct DATABASE_URL.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The sentence for a listen() failure, or null when it is not one an operator can fix by configuration. */
export function listenFailure(e: unknown, host: string, port: number): StartError | null {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new StartError(`Port ${port} on ${host} is already in use: stop the program that holds it, or set PORT to a free port.`);
  if (code === 'EACCES') return new StartError(`Port ${port} on ${host} may not be opened by this user: set PORT to 1024 or above, or start as a user allowed to use it.`);
  if (code === 'EADDRNOTAVAIL') return new StartError(`HOST ${host} is not an address of this machine: set HOST to one of its addresses, or to 0.0.0.0.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new StartError(`HOST ${host} is not a name this machine can resolve: set HOST to one of its addresses, or to 0.0.0.0.`);
  return null;
}

/** Fails early, before any database is started, when PORT cannot be opened (listen() checks again later). */
export async function probePort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (e) => reject(listenFailure(e, host, port) ?? e));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve()));
  });
}
