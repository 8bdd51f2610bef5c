// The lint rules bite (decision 018): ESLint's Node API on small probe files placed in the layer folders must report
// an upward import, a feature importing another feature, a two-file cycle, a bare transaction and an advisory lock
// outside db/locks.ts. Fails if eslint.config.js loses them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
const probeDir = path.join(root, 'apps/server/src/modules', `__lint-probe-${process.pid}`);

afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

test('db, ledger and plugins may not import modules; services may not import plugins', async () => {
  const dbUp = await rulesHit('apps/server/src/db/probe.ts', "import { notify } from '../modules/notifications/notify.js';\nexport const x = notify;\n");
  expect(dbUp.join('\n')).toMatch(/import-x\/no-restricted-paths: .*db may not import/);
  const ledgerUp = await rulesHit('apps/server/src/ledger/probe.ts', "import { requireUser } from '../http/guards.js';\nexport const x = requireUser;\n");
  expect(ledgerUp.join('\n')).toMatch(/no-restricted-paths: .*ledger may not import/);
  const pluginUp = await rulesHit('apps/server/src/plugins/probe.ts', "import { apiModules } from '../modules/routes.js';\nexport const x = apiModules;\n");
  expect(pluginUp.join('\n')).toMatch(/no-restricted-paths: .*plugins may not import/);
  const serviceUp = await rulesHit('apps/server/src/services/probe.ts', "import { createSession } from '../plugins/session.js';\nexport const x = createSession;\n");
  expect(serviceUp.join('\n')).toMatch(/no-restricted-paths: .*services may not import/);
  // Downward is fine.
  const down = await rulesHit('apps/server/src/modules/probe.ts', "import { createDb } from '../db/client.js';\nexport const x = createDb;\n");
  expect(down.filter((m) => m.startsWith('import-x'))).toEqual([]);
});

test('web lib and components never import features; no feature imports another', async () => {
  const libUp = await rulesHit('apps/web/src/lib/probe.ts', "import { HomePage } from '../features/marketing/home-page';\nexport const x = HomePage;\n");
  expect(libUp.join('\n')).toMatch(/no-restricted-paths: .*web lib/);
  const compUp = await rulesHit('apps/web/src/components/probe.ts', "import { HomePage } from '../features/marketing/home-page';\nexport const x = HomePage;\n");
  expect(compUp.join('\n')).toMatch(/no-restricted-paths: .*web components/);
  const sideways = await rulesHit('apps/web/src/features/wallet/probe.ts', "import { HomePage } from '../marketing/home-page';\nexport const x = HomePage;\n");
  expect(sideways.join('\n')).toMatch(/no-restricted-paths: .*a web feature never imports another feature/);
  const own = await rulesHit('apps/web/src/features/wallet/probe.ts', "import { walletKeys } from './api';\nexport const x = walletKeys;\n");
  expect(own.filter((m) => m.startsWith('import-x'))).toEqual([]);
});

test('an import cycle is an error', async () => {
  fs.mkdirSync(probeDir, { recursive: true });
  fs.writeFileSync(path.join(probeDir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b();\n");
  fs.writeFileSync(path.join(probeDir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a();\n");
  const [result] = await eslint.lintFiles([path.join(probeDir, 'a.ts')]);
  expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
});

test('unused imports and variables are errors', async () => {
  const unused = await rulesHit('apps/server/src/modules/probe.ts', "import { createDb } from '../db/client.js';\nconst y = 1;\nexport const x = 2;\n");
  expect(unused.filter((m) => m.startsWith('@typescript-eslint/no-unused-vars'))).toHaveLength(2);
});

test('a transaction is opened only by inTransaction, an advisory lock only through db/locks.ts', async () => {
  const bare = "import type { Db } from '../db/client.js';\nexport const x = (db: Db) => db.transaction(async () => 1);\n";
  const txHit = await rulesHit('apps/server/src/modules/probe.ts', bare);
  expect(txHit.join('\n')).toMatch(/no-restricted-syntax: Open a transaction with inTransaction/);
  const lock = "import { sql } from 'drizzle-orm';\nexport const x = sql`select pg_advisory_xact_lock(${42})`;\nexport const y = 'select pg_try_advisory_lock(1)';\n";
  const lockHit = await rulesHit('apps/server/src/services/probe.ts', lock);
  expect(lockHit.filter((m) => /no-restricted-syntax: Advisory locks are taken only through db\/locks\.ts/.test(m))).toHaveLength(2);
  // The helper itself and the registry may; so may tests (they set up rows and read pg_locks).
  expect((await rulesHit('apps/server/src/db/transaction.ts', bare)).filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  expect((await rulesHit('apps/server/src/db/locks.ts', lock)).filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  expect((await rulesHit('apps/server/src/modules/probe.test.ts', bare)).filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
});
