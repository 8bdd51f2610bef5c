// `npm install` prints no engine warning (EBADENGINE) on Node 20.19+, 22.12+ or 24. npm's own
// check (npm-install-checks, which npm runs for each package it installs) on every package of the lock file that
// npm installed here (optional packages of other platforms are skipped by npm before that check), against the
// lowest release of each line we support. .ci/run also installs for real on Node 24.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const npmCli = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
const npmDir = path.resolve(path.dirname(npmCli), '..');
const { checkEngine } = createRequire(path.join(npmDir, 'package.json'))('npm-install-checks') as {
  checkEngine: (target: { _id: string; engines?: Record<string, string> }, npmVer: string | null, nodeVer: string) => void;
};
const npmVersion = (JSON.parse(readFileSync(path.join(npmDir, 'package.json'), 'utf8')) as { version: string }).version;

interface LockEntry {
  version?: string;
  engines?: Record<string, string>;
  link?: boolean;
}
const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const rootEngines = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }).engines;

test.each(['20.19.0', '22.12.0', '24.0.0'])('every package of the lock file accepts Node %s', (node) => {
  expect(rootEngines.node).toBe('>=20.19');
  const refused: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.link || !existsSync(path.join(repoRoot, where))) continue;
    try {
      checkEngine({ _id: `${where.replace(/^.*node_modules\//, '')}@${entry.version}`, engines: entry.engines }, npmVersion, node);
    } catch (e) {
      refused.push(`${(e as { pkgid: string }).pkgid} wants node ${entry.engines?.node}`);
    }
  }
  expect(refused).toEqual([]);
});
