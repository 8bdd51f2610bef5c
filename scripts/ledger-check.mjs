// Builds the server bundle if missing, then runs the ledger invariant checker.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
if (!existsSync('apps/server/dist/ledger-check.js')) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ['apps/server/dist/ledger-check.js'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
