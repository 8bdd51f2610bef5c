// Durability: the real built server (dist/main.js) with its embedded PostgreSQL in a DATA_DIR of its own.
// Accounts acknowledged with 201 survive (1) kill -9 of the whole process group (Node and PostgreSQL) and
// (2) kill -9 of only the Node process, which leaves its PostgreSQL running: the next start must find that
// postmaster, stop it cleanly and start again on the same data directory without losing anything.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const mainJs = path.join(serverDir, 'dist/main.js');

async function newestSourceMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestSourceMtime(p));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, (await stat(p)).mtimeMs);
  }
  return newest;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

let dataDir = '';
let port = 0;
const started: Server[] = [];

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, [mainJs], {
    // cwd is the data directory, so no .env of the repository is picked up.
    cwd: dataDir,
    env: {
      ...process.env,
      DATABASE_URL: '', // embedded PostgreSQL in DATA_DIR, even if the caller's environment names a database
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      TRUST_PROXY: '',
      LOG_LEVEL: 'warn',
      SIGNUP_LIMIT_PER_HOUR: '0', // the test signs up its users from one address
    },
    detached: true, // its own process group: node and the postgres it starts
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: Server = { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
  started.push(server);

  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server exited during start:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${out}`);
    try {
      const res = await fetch(`${server.url}/api/v1/health`);
      if (res.status === 200) return server;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
}

async function waitUntil(check: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Account {
  email: string;
  password: string;
  id: string;
}

/** Signs up n users at once; returns only those acknowledged with 201 (all of them, or the test fails). */
async function signUpMany(url: string, n: number, tag: string): Promise<Account[]> {
  const results = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const client = new Client(url); // fetches the XSRF-TOKEN cookie with a GET before its first POST
      const email = `durable-${tag}-${i}@example.com`;
      const password = `durable-pass-${tag}-${i}`;
      const res = await client.post('/api/v1/user/register', { fullName: `Durable ${tag} ${i}`, email, phone: '+10000000', password });
      expect(res.status, res.text).toBe(201);
      return { email, password, id: res.body.user._id as string };
    }),
  );
  return results;
}

async function expectAllLogIn(url: string, accounts: Account[]) {
  const results = await Promise.all(
    accounts.map(async (a) => {
      const client = new Client(url);
      const res = await client.post('/api/v1/user/login', { email: a.email, password: a.password });
      const me = res.status === 200 ? await client.get('/api/v1/user/me') : undefined;
      return { email: a.email, status: res.status, sameId: me?.body?.user?._id === a.id };
    }),
  );
  expect(results.filter((r) => r.status !== 200 || !r.sameId)).toEqual([]);
}

beforeAll(async () => {
  const newest = Math.max(await newestSourceMtime(path.join(serverDir, 'src')), await newestSourceMtime(path.join(repoRoot, 'packages/contract/src')));
  if (!existsSync(mainJs) || statSync(mainJs).mtimeMs < newest) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'pipe' });
  }
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'points-durability-'));
  await chmod(dataDir, 0o711); // 0711: run as root, the embedded PostgreSQL's unprivileged account must reach its cluster in this folder of ours.
  port = await freePort();
}, 120_000);

afterAll(async () => {
  // The last server gets a clean SIGTERM (it stops its PostgreSQL); anything of ours still alive is killed.
  const last = started.at(-1);
  if (last && last.child.exitCode === null && last.child.signalCode === null) {
    process.kill(-last.child.pid!, 'SIGTERM');
    await Promise.race([last.exited, sleep(30_000)]);
  }
  for (const s of started) {
    if (groupAlive(s.child.pid!)) {
      try {
        process.kill(-s.child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

test('acknowledged sign-ups survive kill -9 of the whole server, then kill -9 of only its Node process', async () => {
  // Round 1: 20 concurrent sign-ups, then SIGKILL to the process group (Node and PostgreSQL together).
  const first = await startServer();
  const round1 = await signUpMany(first.url, 20, 'r1');
  expect(round1).toHaveLength(20);
  process.kill(-first.child.pid!, 'SIGKILL');
  await first.exited;
  await waitUntil(() => !groupAlive(first.child.pid!), 'the killed process group to be gone');

  const second = await startServer();
  await expectAllLogIn(second.url, round1);

  // Round 2: more sign-ups, then SIGKILL to the Node process only: its PostgreSQL keeps running.
  const round2 = await signUpMany(second.url, 10, 'r2');
  process.kill(second.child.pid!, 'SIGKILL');
  await second.exited;
  expect(groupAlive(second.child.pid!), 'PostgreSQL outlives its killed Node process').toBe(true);

  const third = await startServer();
  expect(third.output()).not.toMatch(/initialising a new PostgreSQL data directory/);
  await expectAllLogIn(third.url, [...round1, ...round2]);
  // The orphaned PostgreSQL was stopped by the new start, not left running beside the new one.
  await waitUntil(() => !groupAlive(second.child.pid!), 'the orphaned PostgreSQL to be stopped', 10_000);
}, 120_000);
