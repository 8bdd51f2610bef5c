// Comments and documents point only inside the repository (CONTRIBUTING.md, "Comments and documents"): a section
// of an outside design or product document, those documents by name, or a tracker's item number cannot be followed
// from a checkout. `node scripts/doc-refs.mjs` lists every such reference in the tracked text files and exits 1 when
// there is one; scripts/doc-refs.test.ts runs the same check. A line that also gives an http(s) URL is allowed (a
// third party's item, cited with its address). The forms are spelled below from parts, so this file passes itself.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SECTION = '\u00a7';
const OUTSIDE_DOCS = ['DESIGN', 'product-spec'].map((name) => `${name.replace('-', '\\-')}\\.md`).join('|');
const ITEM = ['iss', 'ues?'].join('');
const OUTSIDE = new RegExp(String.raw`\b(?:DESIGN|[Ss][Pp][Ee][Cc]) ${SECTION}|\b(?:${OUTSIDE_DOCS})\b|\b[Ii]${ITEM.slice(1)} #?\d+\b`);
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|webm|mp4|pdf|zip|gz|tgz|lockb)$/i;
const HERE = fileURLToPath(import.meta.url);

/** References a reader cannot follow, in one file's text: [{ line, text }]. */
export function findOutsideRefs(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    if (OUTSIDE.test(line) && !/https?:\/\/\S/.test(line)) found.push({ line: i + 1, text: line.trim() });
  });
  return found;
}

/** Every reference in the tracked text files of the repository at `root`: [{ file, line, text }]. */
export function checkRepo(root) {
  const left = [];
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of files) {
    if (!file || BINARY.test(file) || file.endsWith('package-lock.json') || !fs.existsSync(path.join(root, file))) continue;
    for (const r of findOutsideRefs(fs.readFileSync(path.join(root, file), 'utf8'))) left.push({ file, ...r });
  }
  return left;
}

if (process.argv[1] && path.resolve(process.argv[1]) === HERE) {
  const left = checkRepo(path.resolve(path.dirname(HERE), '..'));
  for (const r of left) console.log(`${r.file}:${r.line}: ${r.text}`);
  console.log(left.length ? `${left.length} reference(s) to documents outside the repository` : 'no reference to a document outside the repository');
  process.exitCode = left.length ? 1 : 0;
}
