#!/usr/bin/env node
// Codemod: comments point only at what is in the repository (CONTRIBUTING.md, "Comments and documents").
// Sections of the old outside documents ("spec §n", "DESIGN §n") become sections of docs/product.md (or
// docs/money.md, a decision record); "issue n" provenance tags are dropped, or become the document that now
// describes the change where the tag stood alone in a file's opening comment. Re-runnable and idempotent: run it
// after merging a branch written before this change; a second run changes nothing.
//
//   node scripts/codemods/027-doc-refs.mjs           (from anywhere inside the repository; rewrites)
//   node scripts/codemods/027-doc-refs.mjs --check   (changes nothing; lists every reference left, exit 1 if any)
//
// Scope of the rewrite: tracked files under apps/, packages/, bench/ and scripts/ (any text file: .ts, .tsx,
// .mjs, .js, .sql, .css, .html, .json, e2e specs, tests). The references stand in comments, test titles and one
// test fixture's <title>; "the spec's …" wording is only rewritten on comment lines (a UI text may say it, and its
// Arabic is keyed on the English). The check covers every tracked text file, docs and README included.
//
// What counts as a reference (findOutsideRefs): "DESIGN §n", "spec §n" (any case), DESIGN.md, product-spec.md, and
// "issue n" / "issues n" / "issue #n". Allowed: a line that also holds an http(s) URL (a third party's issue
// cited with its address, which a reader can follow). This file and scripts/doc-refs.test.ts are exempt (they hold
// the table and its probes).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SECTION = '\u00a7';

/** Old section → in-repo target. spec: the product description; DESIGN: the server design. */
export const SPEC_TARGETS = {
  1: 'docs/product.md#overview',
  2: 'docs/product.md#routes',
  3: 'docs/product.md#records',
  4: 'docs/product.md#behaviour',
  5: 'docs/product.md#validation',
  6: 'docs/product.md#roles',
  7: 'docs/product.md#api',
  8: 'docs/product.md#messages',
  9: 'docs/product.md#limits',
};
export const DESIGN_TARGETS = {
  1: 'docs/decisions/001-stack.md',
  2: 'docs/product.md#running',
  3: 'docs/product.md#api-conventions',
  4: 'docs/product.md#security-rules',
  5: 'docs/money.md',
  6: 'docs/product.md#videos',
  7: 'docs/product.md#referrals',
  8: 'docs/product.md#web-client',
  9: 'docs/product.md#settings',
};

/**
 * What each issue number was (from the commit messages that name it) and where it is described now. Used when an
 * "(issue n)" tag stands alone in a file's opening comment; elsewhere the tag is dropped.
 */
export const ISSUE_TARGETS = {
  12: 'docs/security.md', // the second outside attack: lock-outs, CSRF on encoded paths, secrets in logs, housekeeping
  13: 'docs/operations.md', // operations: install, start failures, platform settings, backups
  14: 'docs/product.md#drop-in-clients', // clients written to the public API: CSRF, unpaged lists, subscription codes
  15: 'decision 013', // deposits confirmed on the Tron chain
  16: 'docs/money.md#referral-program', // the referral program
  17: 'docs/product.md#security-rules', // two-factor sign-in, passkeys, sessions, sign-in history
  18: 'docs/product.md#notifications', // notification centre, stream, e-mail queue, announcements
  19: 'docs/product.md#web-client', // phones and desks: responsive pages, dashboard, field errors, video titles
  20: 'docs/i18n.md', // English and Arabic
  26: `docs/security.md ${SECTION}7b`, // the third outside attack: sudo mode, one-line texts, chain hardening
  27: 'decision 018', // house-keeping: layers, lint, typecheck, tests
};

/**
 * Sentences a generic rule would leave wrong, rewritten whole. [from, to]; applied first, everywhere. Also stale
 * in-repo paths (a reference a reader cannot follow either).
 */
export const PHRASES = [
  ['Codemod of issue 27 (items 1-2): gives', 'Codemod of the layers: gives'],
  ['docs/decisions/011-chain-deposit-attribution.md', 'docs/decisions/013-chain-deposit-attribution.md'],
  ['a row written\n * before issue 26 may hold', 'a row written\n * before one-line texts were enforced may hold'],
  ['For text stored before issue 26 refused these at the door', 'For text stored before these were refused at the door'],
  ['// Issue 26 added the last two paragraphs:', '// The last two paragraphs (after the third outside attack):'],
  ["The contract's refusals of issue 26 (TEXT_MSG)", "The contract's one-line refusals (TEXT_MSG)"],
  ["The name's refusal of issue 26 (one line,", "The name's refusal (one line,"],
  ['Item 4 of issue 12: reset requests', `Reset requests (docs/product.md#security-rules)`],
  ['the e-mail job of issue 18 is enqueued here', 'the e-mail job (decision 014) is enqueued here'],
  ['The outside attack of issue 26, replayed', `The third outside attack (docs/security.md ${SECTION}7b), replayed`],
  ["describe('issue 26: the outside attack on chain deposits'", "describe('the third outside attack on chain deposits'"],
  ["test('issue 26, 4. the manual approval path", "test('third outside attack, 4. the manual approval path"],
  ['The outside attack of issue 12, replayed', 'The second outside attack (docs/security.md), replayed'],
  [
    '// Issue 12, items 4, 6, 8 (resets) and 9 (a new link voids the old): the attacks of the outside report,',
    '// Lock-outs, look-alike e-mails, reset limits and a new link voiding the old: the attacks of the outside report,',
  ],
  ['-- Issue 12 (accounts). E-mails', '-- Accounts, after the second outside attack (docs/security.md). E-mails'],
  ['(issue 26, an outside attacker\'s finding 5:', `(decision 017; finding 5 of the third outside attack, docs/security.md ${SECTION}7b:`],
  ['(issue 26, security/sudo.ts)', '(sudo.ts, decision 017)'],
  ['(issue 20, "Must show")', '(docs/i18n.md)'],
  ['// issue 20: the scores hold in both languages', '// the scores hold in both languages (docs/i18n.md)'],
  ['Issue 19 (Lighthouse on /user/dashboard):', 'Lighthouse on /user/dashboard (docs/performance.md):'],
  ['Issue 26 (sudo mode): adding', 'Sudo mode (decision 017): adding'],
  ['Issue 26 item 6, replayed over HTTP', 'One-line texts (docs/product.md#validation), replayed over HTTP'],
  ['(up to 10,000, issue 14)', '(up to 10,000: docs/product.md#drop-in-clients)'],
  ['without page or limit, every user (issue 14).', 'without page or limit, every user (docs/product.md#drop-in-clients).'],
  ['README "Drop-in for clients written to spec §7"', 'README "Drop-in for clients written to the public API"'],
  ["describe('the spec §5 messages, in the spec order'", "describe('the sign-up messages of docs/product.md#validation, in their order'"],
  ['the DESIGN §4 rules (', 'the rules of docs/product.md#security-rules ('],
  ['(spec §7 clients count 25 of each)', '(a public-API client counts 25 of each)'],
  ['A web client written to spec §7 (issue 14, decision 010)', 'A web client written to the public API (docs/product.md#drop-in-clients, decision 010)'],
  // Clients written to the public API (the old "spec §7 clients").
  ['written to spec §7', 'written to the public API (docs/product.md#api)'],
  ['Spec §7 clients', 'Public-API clients (docs/product.md#drop-in-clients)'],
  ['spec §7 clients', 'public-API clients (docs/product.md#drop-in-clients)'],
  ["spec §7 client's", "public-API client's"],
  ['Spec §7 client', 'Public-API client'],
  ['spec §7 client', 'public-API client'],
].map(([from, to]) => [from.replaceAll('§', SECTION), to]);

/** "the spec's …" wording, on comment lines only. */
const COMMENT_WORDING = [
  [/\bthe spec['’]s\b/g, "the product's"],
  [/\bThe spec['’]s\b/g, "The product's"],
  [/\bthe spec order\b/g, "the product's order"],
  [/\bas the spec says\b/g, 'as docs/product.md says'],
  [/\bthe spec and the\b/g, 'docs/product.md and the'],
  [/\bper the spec\b/g, 'per docs/product.md'],
  [/(?<![\w.])spec['’]s\b/g, "product's"],
];
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|--|\{\/\*|<!--|#)/;

// An issue tag: "issue 12", "Issue 12", "issue 12 item 2", "issue 12, item 11", "issue 12 items 1, 3", "items 2/3".
const ITEM = String.raw`\d+[a-z]?`;
const ISSUE = String.raw`[Ii]ssue (\d+)(?:,? items? ${ITEM}(?:(?:, ?| and |-|–|/)${ITEM})*)?`;
const COMMENT_START = String.raw`(^\s*(?:\/\/|\/\*\*?|\*|--|\{\/\*|#)\s*)`;

/** Rewrites one file's text. `opening`: lines 0..n of the file's first comment (tags there become targets). */
export function rewrite(text) {
  let out = text;
  for (const [from, to] of PHRASES) out = out.replaceAll(from, to);

  const lines = out.split('\n');
  const openingEnd = lines.findIndex((l, i) => i > 0 && !COMMENT_LINE.test(l));
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const isComment = COMMENT_LINE.test(line) || /\s\/\/\s|\{\/\*/.test(line);
    if (isComment) for (const [re, to] of COMMENT_WORDING) line = line.replace(re, to);

    // spec §n / DESIGN §n, with continuations ("§5, §7", "§2–§9", "§3 and §4"), and a bare "§n" later in the line
    // (it continues the kind before it on that line, else it is the product's). Within one parenthesis-like run
    // ("(spec §7, DESIGN §6)") a second target in the same file is written as its anchor alone.
    let kind = 'spec';
    const run = { file: '', end: -1 };
    line = line.replace(
      new RegExp(String.raw`\b(DESIGN|[Ss]pec) ${SECTION}(\d+)((?:(?:, | and |–)${SECTION}\d+)*)|(?<![\w.])${SECTION}(\d+)(?![\d.\w])`, 'g'),
      (m, which, first, rest, bare, offset, whole) => {
        const between = whole.slice(run.end, offset);
        if (run.end < 0 || between.length > 40 || /[).]/.test(between) || !/^[^,;]*[,;] $|^[^a-z]*$/i.test(between)) run.file = '';
        run.end = offset + m.length;
        if (bare !== undefined) {
          if (/security\.md/.test(whole)) return m; // a section of docs/security.md: in the repo
          return targets(kind, [bare], [''], run);
        }
        kind = which === 'DESIGN' ? 'design' : 'spec';
        const more = [...rest.matchAll(new RegExp(`(, | and |–)${SECTION}(\\d+)`, 'g'))];
        return targets(kind, [first, ...more.map((x) => x[2])], ['', ...more.map((x) => (x[1] === '–' ? ' to ' : x[1]))], run);
      },
    );

    // Issue tags.
    const opening = i <= Math.max(openingEnd, 0) && i < 4;
    // "(issue 18)" alone: a target in the opening comment, else nothing.
    line = line.replace(new RegExp(String.raw`\s?\(${ISSUE}\)`, 'g'), (m, n) =>
      opening && ISSUE_TARGETS[n] && !line.includes(ISSUE_TARGETS[n]) ? ` (${ISSUE_TARGETS[n]})` : '',
    );
    // "(issue 18, decision 014)", "(issue 19: Lighthouse…", "(migration 0013, issue 18)", "…; issue 19)".
    line = line.replace(new RegExp(String.raw`\(${ISSUE}[,;:] ?`, 'g'), '(');
    line = line.replace(new RegExp(String.raw`[,;:] ${ISSUE}(?=[),;])`, 'g'), '');
    // "Issue 20: the API answers…" / "Issue 13 item 3: `npm install`…" at the start of a comment.
    line = line.replace(new RegExp(String.raw`${COMMENT_START}${ISSUE}: (\S)`), (m, start, _n, c) => start + c.toUpperCase());
    lines[i] = line;
  }
  return lines.join('\n');
}

/** The targets of section numbers `nums`, joined by `seps` (seps[0] is ''): "docs/product.md#validation, #api". */
function targets(kind, nums, seps, run) {
  const table = kind === 'design' ? DESIGN_TARGETS : SPEC_TARGETS;
  return nums
    .map((n, i) => {
      const t = table[n];
      if (!t) return `${seps[i]}${kind === 'design' ? 'DESIGN' : 'spec'} ${SECTION}${n}`; // unknown: left for the check
      const [file, anchor] = t.split('#');
      const s = file === run.file && anchor ? `#${anchor}` : t;
      run.file = file;
      return seps[i] + s;
    })
    .join('');
}

/** References a reader cannot follow, in one file's text: [{ line, text }]. */
export function findOutsideRefs(text) {
  const found = [];
  const re = new RegExp(String.raw`\b(?:DESIGN|[Ss][Pp][Ee][Cc]) ${SECTION}|\bDESIGN\.md\b|product-spec\.md|\b[Ii]ssues? #?\d+\b`);
  text.split('\n').forEach((line, i) => {
    if (re.test(line) && !/https?:\/\/\S/.test(line)) found.push({ line: i + 1, text: line.trim() });
  });
  return found;
}

const HERE = fileURLToPath(import.meta.url);
export const EXEMPT = ['scripts/codemods/027-doc-refs.mjs', 'scripts/doc-refs.test.ts'];
const REWRITE_ROOTS = ['apps/', 'packages/', 'bench/', 'scripts/'];
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|webm|mp4|pdf|zip|gz|tgz|lockb)$/i;

export function repoRoot() {
  return execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: path.dirname(HERE), encoding: 'utf8' }).trim();
}

/** Tracked text files (relative paths), without the exempt ones and package-lock.json. */
export function trackedTextFiles(root) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !BINARY.test(f) && !EXEMPT.includes(f) && !f.endsWith('package-lock.json') && fs.existsSync(path.join(root, f)));
}

/** Every reference left in the tracked files: [{ file, line, text }]. */
export function checkRepo(root = repoRoot()) {
  const left = [];
  for (const file of trackedTextFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const r of findOutsideRefs(text)) left.push({ file, ...r });
  }
  return left;
}

function main() {
  const root = repoRoot();
  const check = process.argv.includes('--check');
  if (!check) {
    let changed = 0;
    for (const file of trackedTextFiles(root)) {
      if (!REWRITE_ROOTS.some((r) => file.startsWith(r))) continue;
      const full = path.join(root, file);
      const text = fs.readFileSync(full, 'utf8');
      const next = rewrite(text);
      if (next !== text) {
        fs.writeFileSync(full, next);
        changed++;
        console.log(`rewrote ${file}`);
      }
    }
    console.log(`${changed} file(s) rewritten`);
  }
  const left = checkRepo(root);
  for (const r of left) console.log(`${r.file}:${r.line}: ${r.text}`);
  if (left.length) {
    console.log(`${left.length} reference(s) to documents outside the repository${check ? '' : ' left: rewrite them by hand or add a phrase to PHRASES'}`);
    process.exitCode = check ? 1 : 0;
  } else console.log('no reference to a document outside the repository');
  if (check && left.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === HERE) main();
