// Comments and documents point only inside the repository (CONTRIBUTING.md, "Comments and documents"). Runs the
// check of scripts/codemods/027-doc-refs.mjs over every tracked text file (git ls-files): a section of an outside
// document ("spec §n", "DESIGN §n", DESIGN.md, product-spec.md) or an issue number ("issue n", "issue #n") fails,
// naming file and line. Allowed: such a line that also gives an http(s) URL (a third party's issue, followable).
// The codemod rewrites the known forms: `node scripts/codemods/027-doc-refs.mjs`, then this test again.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

interface Ref {
  file?: string;
  line: number;
  text: string;
}
interface Codemod {
  rewrite(text: string): string;
  findOutsideRefs(text: string): Ref[];
  checkRepo(root: string): Ref[];
  SPEC_TARGETS: Record<string, string>;
  DESIGN_TARGETS: Record<string, string>;
  ISSUE_TARGETS: Record<string, string>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const codemodPath = path.join(root, 'scripts/codemods/027-doc-refs.mjs');
const load = async () => (await import(codemodPath)) as Codemod;

test('no tracked file refers to a document outside the repository', async () => {
  const { checkRepo } = await load();
  const left = checkRepo(root).map((r) => `${r.file}:${r.line}: ${r.text}`);
  expect(left, 'run node scripts/codemods/027-doc-refs.mjs, then rewrite what it leaves by hand').toEqual([]);
});

test('the check finds each form and allows a cited URL', async () => {
  const { findOutsideRefs } = await load();
  const S = '\u00a7';
  for (const bad of [`// DESIGN ${S}5`, `// spec ${S}7`, `// Spec ${S}2 side menu`, '// (issue 17)', '-- Issue 26: x', '// issues 12 and 13', '// issue #3', '// see DESIGN.md', '<!-- product-spec.md -->']) {
    expect(findOutsideRefs(bad), bad).toHaveLength(1);
  }
  for (const ok of ['// fastify/fastify-cookie issue 53: https://github.com/fastify/fastify-cookie/issues/53', '// tissue 5', `// docs/security.md ${S}7b`, '// docs/product.md#transfers']) {
    expect(findOutsideRefs(ok), ok).toEqual([]);
  }
});

test('the rewrite points at the repository, keeps the sentence, and a second run changes nothing', async () => {
  const { rewrite } = await load();
  const S = '\u00a7';
  const cases: [string, string][] = [
    [`// Transfers (spec ${S}5, ${S}7; DESIGN ${S}5).`, '// Transfers (docs/product.md#validation, #api; docs/money.md).'],
    [`// Videos (spec ${S}7, DESIGN ${S}6). Guards`, '// Videos (docs/product.md#api, #videos). Guards'],
    ['// Announcements (issue 18): an admin writes', '// Announcements (docs/product.md#notifications): an admin writes'],
    ['x\n  // Sudo mode (issue 26): the password', 'x\n  // Sudo mode: the password'],
    ['x\n// (migration 0013, issue 18, decision 014)', 'x\n// (migration 0013, decision 014)'],
    ['x\n// Issue 20 item 4: e-mails in the language', 'x\n// E-mails in the language'],
    ['x\n-- Issue 26: a transfer', 'x\n-- A transfer'],
    [`x\n// Spec ${S}4: the balance stays hidden`, 'x\n// docs/product.md#behaviour: the balance stays hidden'],
    ["x\n// each form shows the spec's message", "x\n// each form shows the product's message"],
    ["x\n  help: 'the spec’s default',", "x\n  help: 'the spec’s default',"], // not a comment: a UI text stays
  ];
  for (const [from, to] of cases) {
    expect(rewrite(from), from).toBe(to);
    expect(rewrite(to), to).toBe(to);
  }
});

test('every target of the table exists: the file, and the anchor in docs/product.md', async () => {
  const { SPEC_TARGETS, DESIGN_TARGETS, ISSUE_TARGETS } = await load();
  const product = fs.readFileSync(path.join(root, 'docs/product.md'), 'utf8');
  const decisions = fs.readdirSync(path.join(root, 'docs/decisions'));
  for (const target of [...Object.values(SPEC_TARGETS), ...Object.values(DESIGN_TARGETS), ...Object.values(ISSUE_TARGETS)]) {
    const decision = /^decision (\d{3})$/.exec(target);
    if (decision) {
      expect(decisions.some((d) => d.startsWith(`${decision[1]}-`)), target).toBe(true);
      continue;
    }
    const [file, anchor] = target.split(/#| /);
    expect(fs.existsSync(path.join(root, file)), target).toBe(true);
    if (anchor && file === 'docs/product.md') expect(product, target).toContain(`<a id="${anchor}"></a>`);
  }
});
