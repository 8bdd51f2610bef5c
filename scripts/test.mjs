// `npm test`: unit and API tests (Vitest), then the production build and the Playwright journeys.
// Prints one closing line "tests: N passed, N failed" summed over both runners; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
rmSync(`${results}/vitest.json`, { force: true });
rmSync(`${results}/e2e.json`, { force: true });
mkdirSync(results, { recursive: true });

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
if (run('npm', ['run', 'build']) !== 0) failures.push('build');
else if (run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']) !== 0) failures.push('playwright');

let passed = 0;
let failed = 0;
if (vitestReport) {
  passed += vitestReport.numPassedTests ?? 0;
  failed += vitestReport.numFailedTests ?? 0;
}
if (existsSync(`${results}/e2e.json`)) {
  const p = JSON.parse(readFileSync(`${results}/e2e.json`, 'utf8'));
  passed += p.stats?.expected ?? 0;
  const bad = (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  failed += bad;
  if (bad > 0 && !failures.includes('playwright')) failures.push('playwright');
} else if (!failures.includes('build') && !failures.includes('playwright')) {
  failures.push('playwright (no report)');
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
