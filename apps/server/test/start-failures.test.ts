// Start failures an operator can act on (docs/operations.md), each provoked for real against the server's own
// entry point (src/main.ts through tsx): the process exits 1 and prints one sentence saying what happened and
// what to do, never a stack trace.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existingCluster, freePort, runningEmbeddedUrl } from '../src/db/embedded.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const mainTs = path.join(serverDir, 'src/main.ts');

let work = '';

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [tsxCli, mainTs], {
    cwd: work, // no .env of the repository is read
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SIGNUP_LIMIT_PER_HOUR: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // a process group of its own: tsx, the server and its PostgreSQL end together in afterAll
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Starts the server expecting it to fail; returns what it printed. */
async function failedStart(env: Record<string, string>): Promise<string> {
  const run = launch(env);
  const code = await run.exited;
  const out = run.output();
  expect(code, out).toBe(1);
  expect(out, 'no stack trace').not.toMatch(/^\s+at\s/m);
  expect(out).not.toMatch(/\bError:/);
  return out;
}

/** A DATA_DIR that does not exist yet, in this file's own folder. */
const newDataDir = (name: string) => path.join(work, name);

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'points-start-failures-'));
  await chmod(work, 0o711); // run as root, the embedded PostgreSQL's account must reach its clusters in here
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

test('an invalid configuration value names the variable', async () => {
  const out = await failedStart({ PORT: 'eighty', DATA_DIR: newDataDir('config') });
  expect(out).toContain('Invalid configuration:');
  expect(out).toMatch(/^\s+PORT: /m);
});

test('the port is taken: one sentence, before any database is started', async () => {
  const holder = net.createServer();
  const port = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as net.AddressInfo).port)));
  const dataDir = newDataDir('port');
  try {
    const out = await failedStart({ PORT: String(port), DATA_DIR: dataDir });
    expect(out.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the program that holds it, or set PORT to a free port.`);
    expect(existingCluster(dataDir)).toBeNull();
  } finally {
    await new Promise((r) => holder.close(r));
  }
});

describe('HOST cannot be listened on', () => {
  test('an address of another machine (TEST-NET-3)', async () => {
    const out = await failedStart({ HOST: '203.0.113.77', PORT: String(await freePort()), DATA_DIR: newDataDir('host-address') });
    expect(out.trim()).toBe('HOST 203.0.113.77 is not an address of this machine: set HOST to one of its addresses, or to 0.0.0.0.');
  });

  test('a name that does not resolve', async () => {
    const out = await failedStart({ HOST: 'no-such-host.invalid', PORT: String(await freePort()), DATA_DIR: newDataDir('host-name') });
    expect(out.trim()).toBe('HOST no-such-host.invalid is not a name this machine can resolve: set HOST to one of its addresses, or to 0.0.0.0.');
  });
});

describe('DATA_DIR cannot be created or written', () => {
  test('below a file', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    const out = await failedStart({ PORT: String(await freePort()), DATA_DIR: path.join(file, 'data') });
    expect(out.trim()).toBe(
      `DATA_DIR ${path.join(file, 'data')} cannot be created or written (ENOTDIR): make it writable for this user, or set DATA_DIR to a folder it can write.`,
    );
  });

  test('a file in its place', async () => {
    const file = path.join(work, 'another-file');
    writeFileSync(file, 'not a folder');
    const out = await failedStart({ PORT: String(await freePort()), DATA_DIR: file });
    expect(out.trim()).toBe(`DATA_DIR ${file} cannot be created or written (EEXIST): make it writable for this user, or set DATA_DIR to a folder it can write.`);
  });
});

test('DATABASE_URL does not answer', async () => {
  const dbPort = await freePort(); // nothing listens there
  const out = await failedStart({
    PORT: String(await freePort()),
    DATA_DIR: newDataDir('no-answer'),
    DATABASE_URL: `postgres://app:secret@127.0.0.1:${dbPort}/points`,
  });
  expect(out.trim()).toBe(`The database at DATABASE_URL (127.0.0.1:${dbPort}) does not answer (ECONNREFUSED): start PostgreSQL there, or correct DATABASE_URL.`);
  expect(out).not.toContain('secret');
});

describe('with a server running on its embedded PostgreSQL', () => {
  let dataDir = '';
  let server: ReturnType<typeof launch> | undefined;

  beforeAll(async () => {
    dataDir = newDataDir('serving');
    const port = await freePort();
    server = launch({ PORT: String(port), DATA_DIR: dataDir });
    const deadline = Date.now() + 110_000;
    while (!server.output().includes('ready on') && Date.now() < deadline && server.child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(server.output()).toContain('ready on');
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
  }, 60_000);

  test('another instance on the same DATA_DIR is refused, and the first one keeps serving', async () => {
    const out = await failedStart({ PORT: String(await freePort()), DATA_DIR: dataDir });
    // (the pid is the server's Node process, which tsx runs as a child of the one spawned here)
    expect(out.trim()).toMatch(/^Another instance \(pid \d+\) is already serving DATA_DIR (.+): stop it first, or give this instance a DATA_DIR of its own\.$/);
    expect(out).toContain(` serving DATA_DIR ${dataDir}: `);
    expect(server!.child.exitCode).toBeNull();
    expect(await runningEmbeddedUrl(dataDir)).not.toBeNull();
  });

  test('DATABASE_URL refuses the credentials', async () => {
    const url = new URL((await runningEmbeddedUrl(dataDir))!);
    url.password = 'not-the-password';
    const out = await failedStart({ PORT: String(await freePort()), DATA_DIR: newDataDir('bad-password'), DATABASE_URL: url.toString() });
    expect(out.trim()).toBe(
      `The database at DATABASE_URL (127.0.0.1:${url.port}) refused the credentials of user "postgres": correct the user name and password in DATABASE_URL.`,
    );
    expect(out).not.toContain('not-the-password');
  });

  test('the embedded PostgreSQL cannot start: the sentence, then the end of its own log', async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    const cluster = existingCluster(dataDir)!;
    expect(await readFile(path.join(cluster, 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
    appendFileSync(path.join(cluster, 'postgresql.conf'), '\nshared_buffers = plenty\n');
    const out = await failedStart({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const [first, ...log] = out.trim().split('\n');
    expect(first).toBe(`The embedded PostgreSQL in ${cluster} did not start; the end of its log:`);
    expect(log.join('\n')).toContain('invalid value for parameter "shared_buffers": "plenty"');
  });
});
