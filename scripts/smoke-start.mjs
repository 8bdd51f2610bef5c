// `node scripts/smoke-start.mjs`: `npm start` on a fresh embedded PostgreSQL in a temporary DATA_DIR, with the
// `node` and `npm` found on PATH (.ci/run puts Node 24 there). Passes when /api/v1/health answers 200 and / serves
// the web app within the time limit, and the server then stops cleanly on SIGTERM. The folder is removed after.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeDataDir } from './data-dir.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT_MS = 180_000;

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const p = srv.address().port;
    srv.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'points-smoke-'));
chmodSync(dataDir, 0o711); // run as root, the embedded PostgreSQL's account must reach its cluster in this folder of ours
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));

let failure = '';
const base = `http://127.0.0.1:${port}`;
const deadline = Date.now() + LIMIT_MS;
let health = 0;
while (health !== 200 && child.exitCode === null && Date.now() < deadline) {
  health = await fetch(`${base}/api/v1/health`).then((r) => r.status, () => 0);
  if (health !== 200) await new Promise((r) => setTimeout(r, 500));
}
if (health !== 200) failure = `GET /api/v1/health did not answer 200 within ${LIMIT_MS / 1000} s (last: ${health || 'no answer'})`;
else {
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) failure = `GET / answered ${page.status} without the web app`;
}

if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
const stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
if (stopped === 'timeout') {
  process.kill(-child.pid, 'SIGKILL');
  failure ||= 'the server did not stop within 30 s of SIGTERM';
}
removeDataDir(dataDir);
console.log(failure ? `smoke: FAILED on Node ${process.version}: ${failure}` : `smoke: npm start served /api/v1/health and / on Node ${process.version}, then stopped`);
process.exit(failure ? 1 : 0);
