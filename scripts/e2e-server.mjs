// The production build on a fresh database for the Playwright journeys: a temp DATA_DIR with the
// embedded PostgreSQL, or a fresh database on TEST_DATABASE_URL when that is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { removeDataDir } from './data-dir.mjs';

const port = process.env.E2E_PORT ?? '3100';
// E2E_DATA_DIR: made by playwright.config.ts so the journeys can read DATA_DIR/outbox; removed at exit either way.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'points-e2e-'));
chmodSync(dataDir, 0o711); // 0711: run as root, the embedded PostgreSQL's unprivileged account must reach its cluster in this folder of ours.
// A private copy of the web build: a rebuild of apps/web/dist during the run (other work in the same tree)
// would otherwise swap the hashed assets under the pages being tested.
const webDist = path.join(dataDir, 'web');
if (existsSync('apps/web/dist/index.html')) cpSync('apps/web/dist', webDist, { recursive: true });
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  WEB_DIST: existsSync(webDist) ? webDist : '',
  DATABASE_URL: '',
  APP_URL: `http://localhost:${port}`,
  ADMIN_EMAIL: 'sadmin@e2e.test',
  ADMIN_PASSWORD: 'sadmin-password-1',
  DEPOSIT_ADDRESS: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  SUPPORT_EMAIL: 'help@e2e.test',
  SUPPORT_PHONE: '+971 4 123 4567',
  LOG_LEVEL: 'warn',
  // The journeys sign up many users from one address.
  SIGNUP_LIMIT_PER_HOUR: '0',
};

let dbName;
if (process.env.TEST_DATABASE_URL) {
  dbName = `e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(process.env.TEST_DATABASE_URL);
  u.pathname = `/${dbName}`;
  env.DATABASE_URL = u.toString();
  // For a journey that starts a second instance on the same database (settings.spec.ts).
  writeFileSync(path.join(dataDir, 'e2e-database-url'), env.DATABASE_URL, { mode: 0o600 });
}

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit', env });
let cleaning = false;
async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  removeDataDir(dataDir);
  if (dbName) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', async (code) => {
  await cleanup();
  process.exit(code ?? 0);
});
