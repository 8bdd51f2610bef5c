// ESLint (flat config): typescript-eslint's recommended rules without type information (fast), plus
// eslint-plugin-import-x for the layers: no import cycle anywhere, and no import that reaches up a layer
// (docs/architecture.md "Layers", decision 018). Unused exports are knip's job (`npm run lint` runs both).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const server = 'apps/server/src';
const web = 'apps/web/src';

/** A zone: files under `target` may not import files under any of `from` (paths from the repository root). */
const zone = (target, from, message) => ({ target: `./${target}`, from: from.map((f) => `./${f}`), message });

// The server's layers, bottom up; a layer imports only from the layers below it (and `@app/contract`, packages).
//   base      config.ts, clock.ts, errors.ts, logging.ts, i18n.ts, start-errors.ts, metrics.ts
//   db        db/: connection, Db/Tx types, schema, migrations, backup
//   ledger    ledger/: the money core (accounts, posting, the invariant check)
//   mail      mail/: the SMTP transport
//   services  services/: shared rules used by several modules (throttle, idempotency, second factor, actor, ...)
//   http      http/: route helpers (guards, API-route test, list windows, body helpers)
//   plugins   plugins/: the Fastify plugins app.ts registers (session, CSRF, security headers)
//   modules   modules/<domain>/: routes and services of each domain
//   top       app.ts, main.ts, web-preload.ts
const S = (p) => `${server}/${p}`;
const serverTop = [S('app.ts'), S('main.ts'), S('web-preload.ts')];
const base = ['config.ts', 'clock.ts', 'errors.ts', 'logging.ts', 'i18n.ts', 'start-errors.ts', 'metrics.ts'].map(S);
const above = {
  base: [S('db'), S('ledger'), S('mail'), S('services'), S('http'), S('plugins'), S('modules'), ...serverTop],
  db: [S('ledger'), S('mail'), S('services'), S('http'), S('plugins'), S('modules'), ...serverTop],
  ledger: [S('mail'), S('services'), S('http'), S('plugins'), S('modules'), ...serverTop],
  mail: [S('services'), S('http'), S('plugins'), S('modules'), ...serverTop],
  services: [S('http'), S('plugins'), S('modules'), ...serverTop],
  http: [S('plugins'), S('modules'), ...serverTop],
  plugins: [S('modules'), ...serverTop],
  modules: serverTop,
};
const up = (layer) => `${layer} may not import from a layer above it (docs/architecture.md, "Layers")`;
const serverZones = [
  ...base.map((f) => zone(f, above.base, up('base'))),
  ...['db', 'ledger', 'mail', 'services', 'http', 'plugins', 'modules'].map((l) => zone(S(l), above[l], up(l))),
];

// The web app: app/ (router, layouts, guards) › features/<feature> › components/ › lib/. A feature never imports
// another feature (what two features share moves to components/ or lib/).
const features = fs.existsSync(path.join(root, web, 'features'))
  ? fs.readdirSync(path.join(root, web, 'features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const webZones = [
  zone(`${web}/lib`, [`${web}/features`, `${web}/components`, `${web}/app`], 'web lib/ imports only lib/ (docs/architecture.md, "Layers")'),
  zone(`${web}/components`, [`${web}/features`, `${web}/app`], 'web components/ import only components/ and lib/ (docs/architecture.md, "Layers")'),
  ...features.map((f) => ({
    ...zone(`${web}/features/${f}`, [`${web}/features`], 'a web feature never imports another feature: move what both need to components/ or lib/'),
    except: [`./${f}`],
  })),
];

export const layerZones = [...serverZones, ...webZones];

// The server's transactions and advisory locks (the block below that uses them says where they apply).
const txAndLockRules = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
    message: 'Open a transaction with inTransaction(db, fn) (db/transaction.ts): it retries deadlocks and serialization failures.',
  },
  {
    selector: 'Literal[value=/pg_(try_)?advisory/], TemplateElement[value.raw=/pg_(try_)?advisory/]',
    message: 'Advisory locks are taken only through db/locks.ts (one registry of keys, apart from hashed ones).',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/src/db/migrations/**', 'apps/web/public/**', 'apps/web/src/locales/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Parse the imported TypeScript files too (no-cycle follows them), and resolve `./x.js` to `./x.ts` as tsc does.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      // Off, with a reason: the control-character regexes are deliberate (input validation refuses those characters).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // One way to run a transaction, one registry of advisory locks (docs/architecture.md "Transactions and locks"):
    // the server's source opens a transaction only with inTransaction (db/transaction.ts, which retries deadlocks and
    // serialization failures) and writes `pg_advisory…` only in db/locks.ts (whose keys locks.test.ts checks).
    files: [`${server}/**/*.ts`],
    ignores: [
      `${server}/db/transaction.ts`,
      `${server}/db/locks.ts`,
      // Tests set up rows in transactions of their own and read pg_locks; nothing races them there.
      `${server}/**/*.test.ts`,
    ],
    rules: { 'no-restricted-syntax': ['error', ...txAndLockRules] },
  },
  {
    // Tests and specs read loose JSON answers: `any` is allowed there, not in the source.
    files: ['**/*.test.ts', 'apps/server/test/**', 'apps/web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
  },
);
