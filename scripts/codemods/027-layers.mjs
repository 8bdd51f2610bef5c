#!/usr/bin/env node
// Codemod of the layers: gives every server folder one meaning and moves what reached up a layer
// (docs/architecture.md "Layers", decision 018). Re-runnable and idempotent: run it after merging a branch that
// still uses the old paths, and it moves what is left at an old path and rewrites every import that points to a
// moved file or a moved name; a second run changes nothing.
//
//   node scripts/codemods/027-layers.mjs           (from anywhere inside the repository)
//   node scripts/codemods/027-layers.mjs --check   (changes nothing; exit 1 when something is left to do)
//
// What it does, in order:
// 1. FILE_MOVES: `git mv old new` when `old` exists (and `new` does not).
// 2. TYPE_MOVES: one-line `export type X = …;` declarations moved to another file (Tx, DbOrTx → db/client.ts).
// 3. Every relative import specifier (import/export … from, import(), vi.mock(), typeof import()) in apps/server
//    (src, test), apps/web (src, e2e), bench and scripts that points to a moved file is rewritten, keeping its
//    style (`.js` suffix on the server, none on the web). A file moved by this codemod has its own specifiers
//    read from its old folder when they no longer resolve from the new one.
// 4. SYMBOL_MOVES: named imports of a name that moved to another file are redirected there (only once the new
//    file exports it: the moves of definitions themselves are hand edits of the same issue).
// 5. PATH_STRINGS: paths in build scripts (entry points) follow their files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: path.dirname(fileURLToPath(import.meta.url)), encoding: 'utf8' }).trim();
const CHECK = process.argv.includes('--check');

const SRV = 'apps/server/src';
const WEB = 'apps/web/src';

/** [old, new], from the repository root. */
const FILE_MOVES = [
  // ledger/ is the money core only: its HTTP helpers join the other route helpers in http/.
  [`${SRV}/ledger/http.ts`, `${SRV}/http/route-helpers.ts`],
  // plugins/ keeps the Fastify plugins app.ts registers; route hooks go to http/, shared services to services/.
  [`${SRV}/plugins/guards.ts`, `${SRV}/http/guards.ts`],
  [`${SRV}/plugins/api-route.ts`, `${SRV}/http/api-route.ts`],
  [`${SRV}/plugins/throttle.ts`, `${SRV}/services/throttle.ts`],
  [`${SRV}/plugins/idempotency.ts`, `${SRV}/services/idempotency.ts`],
  [`${SRV}/plugins/actor.ts`, `${SRV}/services/actor.ts`],
  [`${SRV}/plugins/housekeeping.ts`, `${SRV}/services/housekeeping.ts`],
  // security/ beside modules/security/: the second factor is a shared service (guards, money routes), the sign-in
  // steps belong to the account-security module.
  [`${SRV}/security/second-factor.ts`, `${SRV}/services/second-factor.ts`],
  [`${SRV}/security/sign-ins.ts`, `${SRV}/modules/security/sign-ins.ts`],
  // Sudo mode (re-authentication of a session) checks passwords: the account-security module's own.
  [`${SRV}/security/sudo.ts`, `${SRV}/modules/security/sudo.ts`],
  // settings/ beside modules/settings/: the store is the settings module's service.
  [`${SRV}/settings/store.ts`, `${SRV}/modules/settings/settings.store.ts`],
  // ledger/ beside modules/ledger/: the only route of modules/ledger is an admin route.
  [`${SRV}/modules/ledger/ledger.routes.ts`, `${SRV}/modules/admin/ledger-check.routes.ts`],
  // mail/ is the transport; the reset e-mail is the users module's (and used the notifications' HTML helper).
  [`${SRV}/mail/reset-email.ts`, `${SRV}/modules/users/reset-email.ts`],
  // The public user's columns are read by the session plugin and the users module: a shared service.
  [`${SRV}/modules/users/public-user.ts`, `${SRV}/services/public-user.ts`],
  // The command-line entry points sit above every layer (restore runs the ledger check): their own folder.
  [`${SRV}/db/cli.ts`, `${SRV}/cli/run-cli.ts`],
  [`${SRV}/db/backup-cli.ts`, `${SRV}/cli/backup.ts`],
  [`${SRV}/db/restore-cli.ts`, `${SRV}/cli/restore.ts`],
  [`${SRV}/ledger/check-cli.ts`, `${SRV}/cli/ledger-check.ts`],
];

/** One-line `export type NAME = …;` declarations moved from `from` to `to` (inserted after the line matching `after`). */
const TYPE_MOVES = [{ from: `${SRV}/ledger/accounts.ts`, to: `${SRV}/db/client.ts`, names: ['Tx', 'DbOrTx'], after: /^export type Db = .*;$/m }];

/** Named imports of `names` from `from` go to `to` once `to` exports them. */
const SYMBOL_MOVES = [
  { from: `${SRV}/ledger/accounts.ts`, to: `${SRV}/db/client.ts`, names: ['Tx', 'DbOrTx'] },
  // Breaks notify.ts → email-hook.ts → email-queue.ts → announcements.service.ts → notify.ts: adding jobs is
  // email-jobs.ts, the worker (which runs the announcement task) stays in email-queue.ts.
  {
    from: `${SRV}/modules/notifications/email-queue.ts`,
    to: `${SRV}/modules/notifications/email-jobs.ts`,
    names: ['EMAIL_TASK', 'ANNOUNCEMENT_TASK', 'EMAIL_MAX_ATTEMPTS', 'enqueueEmailsSql', 'enqueueNotificationEmails'],
  },
  // housekeeping (a service) read the reset-mail window from the users module: the rate limits live in throttle.ts.
  { from: `${SRV}/modules/users/users.service.ts`, to: `${SRV}/services/throttle.ts`, names: ['RESET_MAIL_WINDOW_MS', 'RESET_MAILS_PER_ACCOUNT'] },
  // housekeeping read the session lifetimes from the session plugin.
  { from: `${SRV}/plugins/session.ts`, to: `${SRV}/services/session-lifetime.ts`, names: ['IDLE_MS', 'ABSOLUTE_MS'] },
  // Breaks web lib/session.ts ↔ lib/session-cache.ts: the /user/me query itself is lib/me.ts.
  { from: `${WEB}/lib/session.ts`, to: `${WEB}/lib/me.ts`, names: ['fetchMe', 'meQueryKey', 'MeSnapshot'] },
];

/** Quoted paths in files that name source files by path rather than by import: [file, prefix the paths are relative to]. */
const PATH_STRINGS = [['apps/server/build.mjs', 'apps/server']];

const SCAN = ['apps/server/src', 'apps/server/test', 'apps/server', 'apps/web/src', 'apps/web/e2e', 'apps/web', 'bench', 'scripts', 'packages/contract/src'];
const EXTS = /\.(ts|tsx|mts|mjs|js|cjs)$/;

const abs = (p) => path.join(ROOT, p);
const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');
const moveTo = new Map(FILE_MOVES.map(([o, n]) => [abs(o), abs(n)]));
const moveFrom = new Map(FILE_MOVES.map(([o, n]) => [abs(n), abs(o)]));
let changes = 0;
const movedNow = new Set();
const log = (msg) => {
  changes++;
  console.log(`${CHECK ? 'to do' : 'done'}: ${msg}`);
};

// 1. Files.
for (const [o, n] of FILE_MOVES) {
  if (!fs.existsSync(abs(o))) continue;
  if (fs.existsSync(abs(n))) throw new Error(`both ${o} and ${n} exist: merge them by hand, then run this again`);
  log(`git mv ${o} ${n}`);
  movedNow.add(abs(n));
  if (CHECK) continue;
  fs.mkdirSync(path.dirname(abs(n)), { recursive: true });
  execFileSync('git', ['mv', o, n], { cwd: ROOT });
}
// In --check mode nothing moved: read the files where they are.
const located = (p) => (CHECK && !fs.existsSync(p) && moveFrom.has(p) ? moveFrom.get(p) : p);

function listFiles() {
  const out = new Set();
  const walk = (dir, deep) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (deep && e.name !== 'node_modules' && e.name !== 'dist' && e.name !== 'migrations') walk(p, deep);
      } else if (EXTS.test(e.name) && !e.name.endsWith('.d.ts')) out.add(p);
    }
  };
  for (const d of SCAN) walk(abs(d), !['apps/server', 'apps/web'].includes(d));
  return [...out];
}

const read = (p) => fs.readFileSync(located(p), 'utf8');
const files = new Map(); // path (after moves) → text
const load = (p) => {
  if (!files.has(p)) files.set(p, read(p));
  return files.get(p);
};
const exists = (p) => fs.existsSync(p) || (CHECK && moveFrom.has(p) && fs.existsSync(moveFrom.get(p)));

/** The file a specifier names from `dir`, through the moves: { file (after moves), moved } or null. */
function resolveSpec(dir, spec) {
  const base = path.resolve(dir, spec);
  const cands = [];
  if (/\.js$/.test(spec)) cands.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base);
  else if (/\.(ts|tsx|mjs|cjs|json|css)$/.test(spec)) cands.push(base);
  else cands.push(base + '.ts', base + '.tsx', base + '.mjs', base + '.js', path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base);
  for (const c of cands) {
    if (moveTo.has(c)) return { file: moveTo.get(c), moved: true };
    if (exists(c) && fs.statSync(located(c)).isFile()) return { file: c, moved: false };
  }
  return null;
}

function specFor(fromFile, target, oldSpec) {
  let s = path.relative(path.dirname(fromFile), target).split(path.sep).join('/');
  if (!s.startsWith('.')) s = `./${s}`;
  if (/\.js$/.test(oldSpec)) s = s.replace(/\.(ts|tsx)$/, '.js');
  else if (!/\.(ts|tsx|mjs|cjs|json|css)$/.test(oldSpec)) s = s.replace(/\.(ts|tsx|mjs|js)$/, '');
  return s;
}

const IMPORT_DECL = /^(import|export)(\s+type)?\s+(?:([\w$]+)\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\5;?[ \t]*\n?/gm;

// 2. Type declarations.
for (const { from, to, names, after } of TYPE_MOVES) {
  const fromP = abs(from);
  const toP = abs(to);
  if (!exists(fromP) || !exists(toP)) continue;
  let src = load(fromP);
  let dst = load(toP);
  const moved = [];
  for (const name of names) {
    const re = new RegExp(`^export type ${name}\\b[^\\n]*;\\n`, 'm');
    const m = src.match(re);
    if (!m) continue;
    src = src.replace(re, '');
    if (!new RegExp(`^export type ${name}\\b`, 'm').test(dst)) moved.push(m[0]);
  }
  if (src === files.get(fromP)) continue;
  if (moved.length) {
    const at = dst.match(after);
    if (!at) throw new Error(`${to}: no line matching ${after}`);
    const i = at.index + at[0].length + 1;
    dst = dst.slice(0, i) + moved.join('') + dst.slice(i);
  }
  // The old file may still use the names: import them from their new home.
  src = src.replace(/\n{3,}/g, '\n\n');
  const used = names.filter((n) => new RegExp(`\\b${n}\\b`).test(src));
  if (used.length) src = addNamedImports(fromP, src, toP, used, true);
  src = dropUnusedImports(fromP, src, toP);
  files.set(fromP, src);
  files.set(toP, dst);
  log(`type ${names.join(', ')}: ${from} → ${to}`);
}

function parseNames(list) {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = s.match(/^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/);
      if (!m) throw new Error(`cannot read import name "${s}"`);
      return { type: Boolean(m[1]), name: m[2], alias: m[3] };
    });
}
function nameText(n, declType) {
  return `${n.type && !declType ? 'type ' : ''}${n.name}${n.alias ? ` as ${n.alias}` : ''}`;
}

/** Adds named imports of `names` from `target` to `text` (merged into an existing import of it when there is one). */
function addNamedImports(file, text, target, names, typeOnly, entries) {
  const items = entries ?? names.map((name) => ({ type: typeOnly, name }));
  for (const m of text.matchAll(IMPORT_DECL)) {
    if (m[1] !== 'import') continue;
    const r = resolveSpec(path.dirname(file), m[6]);
    if (!r || r.file !== target) continue;
    const declType = Boolean(m[2]);
    if (declType && items.some((i) => !i.type)) continue;
    const have = parseNames(m[4]);
    const add = items.filter((i) => !have.some((h) => h.name === i.name && h.alias === i.alias));
    const list = [...have.map((h) => nameText(h, declType)), ...add.map((i) => nameText(i, declType))].join(', ');
    const decl = `import${m[2] ?? ''} ${m[3] ? `${m[3]}, ` : ''}{ ${list} } from ${m[5]}${m[6]}${m[5]};\n`;
    return text.slice(0, m.index) + decl + text.slice(m.index + m[0].length);
  }
  const spec = specFor(file, target, file.includes(`${path.sep}apps${path.sep}server${path.sep}`) ? 'x.js' : 'x');
  const allType = items.every((i) => i.type);
  const decl = `import${allType ? ' type' : ''} { ${items.map((i) => nameText(i, allType)).join(', ')} } from '${spec}';\n`;
  // After the last import at the top of the file.
  const imports = [...text.matchAll(/^import[^;]*;[ \t]*\n/gm)];
  const at = imports.length ? imports[imports.length - 1].index + imports[imports.length - 1][0].length : 0;
  return text.slice(0, at) + decl + text.slice(at);
}

/** Drops from the imports of `target` the names the rest of the file no longer mentions (a moved declaration used them). */
function dropUnusedImports(file, text, target) {
  for (const m of text.matchAll(IMPORT_DECL)) {
    const r = m[1] === 'import' && resolveSpec(path.dirname(file), m[6]);
    if (!r || r.file !== target) continue;
    const rest = text.slice(0, m.index) + text.slice(m.index + m[0].length);
    const keep = parseNames(m[4]).filter((n) => new RegExp(`\\b${n.alias ?? n.name}\\b`).test(rest));
    const decl = keep.length || m[3] ? `import${m[2] ?? ''} ${m[3] ? `${m[3]}${keep.length ? ', ' : ' '}` : ''}${keep.length ? `{ ${keep.map((n) => nameText(n, Boolean(m[2]))).join(', ')} } ` : ''}from ${m[5]}${m[6]}${m[5]};\n` : '';
    return text.slice(0, m.index) + decl + text.slice(m.index + m[0].length);
  }
  return text;
}

// 3 and 4. Imports.
const SPEC = /((?:\bfrom|\bimport|\brequire|\bmock|\bimportActual)\s*\(?\s*)(['"])(\.\.?\/[^'"\n]+)\2/g;
const exportsName = (file, name) =>
  exists(file) && new RegExp(`^export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|type|interface|class|enum)\\s+${name}\\b`, 'm').test(load(file));

for (const file of listFiles()) {
  const original = load(file);
  const oldDir = moveFrom.has(file) ? path.dirname(moveFrom.get(file)) : null;
  let text = original.replace(SPEC, (all, head, q, spec) => {
    // Moved in this run: its specifiers are relative to its old folder. Moved before (a merge may have brought
    // lines written at the old place): the new folder first, else the old one.
    const r = movedNow.has(file)
      ? resolveSpec(oldDir, spec)
      : (resolveSpec(path.dirname(file), spec) ?? (oldDir ? resolveSpec(oldDir, spec) : null));
    if (!r) return all;
    const next = specFor(file, r.file, spec);
    return next === spec ? all : `${head}${q}${next}${q}`;
  });
  for (const { from, to, names } of SYMBOL_MOVES) {
    const fromP = abs(from);
    const toP = abs(to);
    if (file === toP) continue;
    const ready = names.filter((n) => exportsName(toP, n) && !exportsName(fromP, n));
    if (!ready.length) continue;
    // One declaration at a time (each edit moves the text after it), until none imports a moved name.
    for (;;) {
      const m = [...text.matchAll(IMPORT_DECL)].find((d) => {
        if (d[1] !== 'import') return false;
        const r = resolveSpec(path.dirname(file), d[6]);
        return r?.file === fromP && parseNames(d[4]).some((n) => ready.includes(n.name));
      });
      if (!m) break;
      const declType = Boolean(m[2]);
      const all = parseNames(m[4]);
      const go = all.filter((n) => ready.includes(n.name));
      const stay = all.filter((n) => !ready.includes(n.name));
      const head = m[3] ? `${m[3]}${stay.length ? ', ' : ' '}` : '';
      const rest = stay.length || m[3] ? `import${m[2] ?? ''} ${head}${stay.length ? `{ ${stay.map((n) => nameText(n, declType)).join(', ')} } ` : ''}from ${m[5]}${m[6]}${m[5]};\n` : '';
      text = text.slice(0, m.index) + rest + text.slice(m.index + m[0].length);
      text = addNamedImports(file, text, toP, null, declType, go.map((n) => ({ ...n, type: n.type || declType })));
    }
  }
  if (text !== original) {
    files.set(file, text);
    log(`imports in ${rel(file)}`);
  }
}

// 5. Paths named as strings.
for (const [f, base] of PATH_STRINGS) {
  const p = abs(f);
  if (!exists(p)) continue;
  const original = load(p);
  let text = original;
  for (const [o, n] of FILE_MOVES) {
    const from = path.posix.relative(base, o);
    const to = path.posix.relative(base, n);
    text = text.split(`'${from}'`).join(`'${to}'`).split(`"${from}"`).join(`"${to}"`);
  }
  if (text !== original) {
    files.set(p, text);
    log(`paths in ${f}`);
  }
}

if (!CHECK) for (const [p, text] of files) if (fs.readFileSync(p, 'utf8') !== text) fs.writeFileSync(p, text);
console.log(changes ? `${changes} change(s)${CHECK ? ' left to do' : ''}` : 'nothing to do');
if (CHECK && changes) process.exit(1);
