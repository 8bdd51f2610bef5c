// `npm test`: unit and API tests (Vitest), then the production build and the Playwright journeys.
// Prints one closing line "tests: N passed, N failed" summed over both runners; exits non-zero on any failure.
// The journeys run in E2E_SHARDS (default 2) Playwright runs side by side, each on its own server and database
// (scripts/e2e-server.mjs) at E2E_PORT (default 3100) + 10 per shard: one run keeps a single journey going and leaves
// about a third of a 2-core machine idle (waits for the server, the page settling, a toast's time).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

const results = 'test-results';
rmSync(`${results}/vitest.json`, { force: true });
for (const f of existsSync(results) ? readdirSync(results) : []) if (/^e2e(-\d+)?\.json$/.test(f)) rmSync(`${results}/${f}`, { force: true });
mkdirSync(results, { recursive: true });
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const basePort = Number(process.env.E2E_PORT ?? 3100);

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

const failures = [];
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`]);
// The report is the authority, not only the exit code: a library's exit hook once turned a failed run's 1 into 0.
const vitestReport = existsSync(`${results}/vitest.json`) ? JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8')) : null;
if (vitestStatus !== 0 || !vitestReport || vitestReport.success === false || vitestReport.numFailedTests > 0 || vitestReport.numFailedTestSuites > 0) {
  failures.push('vitest');
}
/** One shard of the journeys, its output lines marked with the shard; resolves to its exit status. */
function journeys(shard) {
  const tag = shards > 1 ? `[e2e ${shard}/${shards}] ` : '';
  const args = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...(shards > 1 ? [`--shard=${shard}/${shards}`] : [])];
  console.log(`\n$ ${tag}npx ${args.join(' ')}`);
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      E2E_PORT: String(basePort + 10 * (shard - 1)), // settings.spec.ts starts a second instance at E2E_PORT + 1
      E2E_DATA_DIR: '', // each shard's config makes its own
      E2E_REPORT: `${results}/e2e-${shard}.json`,
      E2E_ARTIFACTS: `${results}/e2e-artifacts-${shard}`,
    },
  });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: from }).on('line', (line) => to.write(`${tag}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const e2eReports = Array.from({ length: shards }, (_, i) => `${results}/e2e-${i + 1}.json`);
if (run('npm', ['run', 'build']) !== 0) failures.push('build');
else {
  const codes = await Promise.all(Array.from({ length: shards }, (_, i) => journeys(i + 1)));
  if (codes.some((c) => c !== 0)) failures.push('playwright');
}

let passed = 0;
let failed = 0;
if (vitestReport) {
  passed += vitestReport.numPassedTests ?? 0;
  failed += vitestReport.numFailedTests ?? 0;
}
for (const report of e2eReports) {
  if (existsSync(report)) {
    const p = JSON.parse(readFileSync(report, 'utf8'));
    passed += p.stats?.expected ?? 0;
    const bad = (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
    failed += bad;
    if (bad > 0 && !failures.includes('playwright')) failures.push('playwright');
  } else if (!failures.includes('build')) {
    failures.push(`playwright (no report: ${report})`);
  }
}
if (failures.length && failed === 0) failed = failures.length; // a runner that failed without counting
// The failed Vitest tests again at the end, where a truncated log (CI keeps its tail) still shows them.
for (const file of vitestReport?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status !== 'failed') continue;
    const why = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
    console.log(`vitest failed: ${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${why}`);
  }
}
console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps green'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
