import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

// The e2e server's DATA_DIR (embedded PostgreSQL, mail outbox). Made here so the journeys can read the
// e-mails the server writes to DATA_DIR/outbox; set in process.env so the workers inherit it. The config
// is evaluated again in each worker: the variable is already set there, so no second directory is made.
// scripts/e2e-server.mjs removes the directory when it exits; the runner that made it removes it too, for
// runs where the server never started (--list, a port already in use).
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(os.tmpdir(), 'points-e2e-'));
  process.env.E2E_DATA_DIR = made;
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;
/** A path given from the repository's root, as Playwright wants it: relative to this file (or absolute). */
const fromRoot = (p: string) => (path.isAbsolute(p) ? p : path.join('../..', p));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Two minutes a journey: the longest (money, sign-up, the sweep's pages) take 20–40 s alone and several times that
  // on a loaded 2-core machine; a journey that hangs still fails.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // E2E_REPORT and E2E_ARTIFACTS (paths from the repository's root): where this run's JSON report and its traces go.
  // `npm test` runs the journeys in shards side by side (scripts/test.mjs), each with its own; one shard starting
  // must not clear the other's traces.
  reporter: [['list'], ['json', { outputFile: fromRoot(process.env.E2E_REPORT ?? 'test-results/e2e.json') }]],
  outputDir: fromRoot(process.env.E2E_ARTIFACTS ?? 'test-results/e2e-artifacts'),
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser of its own here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '../..',
    env: { E2E_DATA_DIR: dataDir },
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
