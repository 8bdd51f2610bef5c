// Comments and documents point only inside the repository (CONTRIBUTING.md, "Comments and documents"): the check of
// scripts/doc-refs.mjs over every tracked text file, and probes showing it finds each form. The probes are built
// from parts, so this file passes the check itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
// @ts-expect-error a plain ES module of the scripts folder, without type declarations
import { checkRepo, findOutsideRefs } from './doc-refs.mjs';

type Ref = { file?: string; line: number; text: string };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const S = '\u00a7';
const item = (word: string, rest: string) => `${word} ${rest}`;

test('no tracked file refers to a document outside the repository', () => {
  const left = (checkRepo(root) as Ref[]).map((r) => `${r.file}:${r.line}: ${r.text}`);
  expect(left, 'point these at docs/product.md, docs/*.md or a decision record').toEqual([]);
});

test('the check finds each form and allows a cited URL', () => {
  const bad = [
    `// DESIGN ${S}5`,
    `// spec ${S}7`,
    `// Spec ${S}2 side menu`,
    `// (${item('issue', '17')})`,
    `-- ${item('Issue', '26')}: x`,
    `// ${item('issues', '12')} and 13`,
    `// ${item('issue', '#3')}`,
    `// see ${'DESIGN'}.md`,
    `<!-- ${'product'}-spec.md -->`,
  ];
  for (const line of bad) expect(findOutsideRefs(line), line).toHaveLength(1);
  const ok = [`// fastify-cookie ${item('issue', '53')}: https://github.com/fastify/fastify-cookie/issues/53`, `// t${item('issue', '5')}`, `// docs/security.md ${S}7b`, '// docs/product.md#transfers'];
  for (const line of ok) expect(findOutsideRefs(line), line).toEqual([]);
});
