// The i18n check (docs/i18n.md): fails when a text of the web client is not translatable or not translated.
// It reads every source file of the client with the TypeScript parser:
//   1. Every text a person sees must go through t(), msg() or <Trans id>: JSX text, text attributes
//      (aria-label, title, placeholder, alt, label, …) and toast texts written as English literals fail.
//   2. Every id used (t('…'), msg('…'), <Trans id="…">, t(MSG.…)) must have an Arabic text in a catalog its
//      page loads (src/locales/ar/<bundle>.<area>.json, lib/i18n.ts): `shell` (app/, components/, lib/, the home
//      page: loaded first) everywhere; `marketing` in the other marketing pages; `auth` in the sign-in forms and
//      the signed-in area; `app` in the signed-in area; `admin` on the admin desks. A shell id has no plural in English (no runtime on `/`).
//   3. Every Arabic text is real Arabic (Arabic letters, not the English copied), compiles as ICU MessageFormat,
//      and has the same placeholders and tags as its English id; no catalog holds an id nobody uses, an id
//      in two catalogs has one text, and a text the API also sends (the contract's AR_MESSAGES) has the API's
//      Arabic.
// A line may opt out with the comment `i18n-ignore` (names: the brand, language names in their own language).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import * as contract from '@app/contract';
import { AR_MESSAGES } from '@app/contract';
import { NEEDS_RUNTIME } from './lib/messages-demand';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const LOCALES = path.join(SRC, 'locales/ar');

type Bundle = 'shell' | 'marketing' | 'auth' | 'app' | 'admin';
const BUNDLES: readonly Bundle[] = ['shell', 'marketing', 'auth', 'app', 'admin'];
/** Which catalog a source file's texts belong to (the chunk it is loaded with). */
function bundleOf(file: string): Bundle {
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  if (/^(app|components|lib)\//.test(rel) || rel === 'main.tsx' || rel === 'features/marketing/home-page.tsx') return 'shell';
  if (rel.startsWith('features/marketing/')) return 'marketing';
  if (rel.startsWith('features/auth/')) return 'auth';
  if (ADMIN_FILES.test(rel)) return 'admin';
  return 'app';
}
/** The admin desks (area-routes.tsx loads the `admin` bundle with each of their pages). */
const ADMIN_FILES = /^features\/(admin|admin-money)\/|^features\/videos\/admin-video-page\.tsx$|^features\/notifications\/admin-announcements-page\.tsx$|^features\/(support|kyc)\/admin-/;
/** The catalogs loaded wherever a file of a bundle renders (router.tsx and area-routes.tsx `messages`). */
const LOADED_WITH: Record<Bundle, readonly Bundle[]> = {
  shell: ['shell'],
  marketing: ['shell', 'marketing'],
  auth: ['shell', 'auth'],
  app: ['shell', 'auth', 'app'],
  admin: ['shell', 'auth', 'app', 'admin'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|tsx)$/.test(d.name) && !/\.(test|d)\.ts$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

/** Words that stay as they are in both languages (names, units, codes). */
const KEEP = new Set(['USDT', 'TRC20', 'TRC-20', 'Tron', 'TRON', 'VIP', 'ID', 'QR', 'OK', 'URL', 'API', 'SMTP', 'TOTP', 'PDF', 'CSV']);
const TEXT_ATTR = /^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label|heading|description|message|hint|caption|summary|empty\w*|\w+(Label|Text|Title|Heading|Message|Hint|Description))$/;
const TRANSLATE_CALLS = new Set(['t', 'msg']);

function hasEnglish(text: string): boolean {
  const words = text.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? [];
  return words.some((w) => !KEEP.has(w) && !/^VIP\d$/.test(w) && !/^[A-Z]$/.test(w));
}

interface Use {
  id: string;
  bundle: Bundle;
  where: string;
}

function scan() {
  const uses: Use[] = [];
  const untranslated: string[] = [];
  for (const file of sourceFiles(SRC)) {
    if (file.includes(`${path.sep}locales${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const bundle = bundleOf(file);
    const where = (node: ts.Node) => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      return { at: `${path.relative(SRC, file)}:${line + 1}`, ignored: /i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '') };
    };
    const flag = (node: ts.Node, value: string) => {
      const w = where(node);
      if (!w.ignored && hasEnglish(value)) untranslated.push(`${w.at}: "${value.trim().slice(0, 80)}"`);
    };
    /** A string literal whose value is what gets shown (directly, or as one branch of ?:, &&, ||, ??). */
    const flagShown = (expr: ts.Expression | undefined) => {
      if (!expr) return;
      if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) flag(expr, expr.text);
      else if (ts.isTemplateExpression(expr)) flag(expr, [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' '));
      else if (ts.isParenthesizedExpression(expr)) flagShown(expr.expression);
      else if (ts.isConditionalExpression(expr)) {
        flagShown(expr.whenTrue);
        flagShown(expr.whenFalse);
      } else if (ts.isBinaryExpression(expr) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(expr.operatorToken.kind)) {
        flagShown(expr.right);
      }
    };
    const idOf = (arg: ts.Expression | undefined): string | undefined => {
      if (!arg) return undefined;
      if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
      // t(MSG.fillAll), t(MSG.loading.login), t(ACCOUNT_MSG.emailTaken): texts from the shared contract.
      const chain: string[] = [];
      let e: ts.Expression = arg;
      while (ts.isPropertyAccessExpression(e)) {
        chain.unshift(e.name.text);
        e = e.expression;
      }
      // Any text table of the contract (MSG, ACCOUNT_MSG, SECURITY_MSG, …).
      if (ts.isIdentifier(e) && chain.length > 0 && typeof (contract as Record<string, unknown>)[e.text] === 'object') {
        let value: unknown = (contract as Record<string, unknown>)[e.text];
        for (const key of chain) value = (value as Record<string, unknown>)?.[key];
        if (typeof value === 'string') return value;
      }
      return undefined;
    };
    // useFieldErrors({ [ACCOUNT_MSG.emailTaken]: 'email' }) / fieldOfMessage: { … }: the API's refusals, matched
    // by their text in the current language (field-errors.tsx), so the client needs their Arabic.
    const refusalKeys = (map: ts.ObjectLiteralExpression) => {
      for (const prop of map.properties) {
        const id = prop.name && ts.isComputedPropertyName(prop.name) ? idOf(prop.name.expression) : undefined;
        if (id !== undefined) uses.push({ id, bundle, where: where(prop).at });
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node)) {
        flag(node, node.text);
      } else if (ts.isJsxAttribute(node)) {
        const name = node.name.getText(sf);
        const init = node.initializer;
        if (TEXT_ATTR.test(name) && init) {
          if (ts.isStringLiteral(init)) flag(init, init.text);
          else if (ts.isJsxExpression(init)) flagShown(init.expression);
        }
      } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        flagShown(node.expression);
      } else if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(sf);
        if (TRANSLATE_CALLS.has(callee)) {
          const id = idOf(node.arguments[0]);
          if (id !== undefined) uses.push({ id, bundle, where: where(node).at });
        } else if (/^toast(\.(error|success|loading|custom))?$/.test(callee)) {
          flagShown(node.arguments[0]);
        }
      } else if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(sf) === 'Trans') {
        for (const attr of node.attributes.properties) {
          if (ts.isJsxAttribute(attr) && attr.name.getText(sf) === 'id' && attr.initializer && ts.isStringLiteral(attr.initializer)) {
            uses.push({ id: attr.initializer.text, bundle, where: where(node).at });
          }
        }
      } else if (ts.isPropertyAssignment(node) && node.name.getText(sf) === 'fieldOfMessage' && ts.isObjectLiteralExpression(node.initializer)) {
        refusalKeys(node.initializer);
      } else if (ts.isPropertyAssignment(node) && TEXT_ATTR.test(node.name.getText(sf).replace(/['"]/g, ''))) {
        // { label: 'Deposit' }, { title: '…' } in tables of links, columns and steps.
        flagShown(node.initializer);
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.left.getText(sf) === 'document.title') {
        flagShown(node.right);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { uses, untranslated };
}

function catalogs() {
  const files = readdirSync(LOCALES).filter((f) => f.endsWith('.json')).sort();
  const entries: { file: string; bundle: string; id: string; text: string }[] = [];
  for (const file of files) {
    const bundle = file.split('.')[0];
    const data = JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')) as Record<string, unknown>;
    for (const [id, text] of Object.entries(data)) entries.push({ file, bundle, id, text: String(text) });
  }
  return { files, entries };
}

/** The placeholders ({name}, {count, plural, …}) and tags (<0>) of an ICU message, sorted. */
function slots(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:[,}])/g)) names.add(`{${m[1]}}`);
  for (const m of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

const { uses, untranslated } = scan();
const { files, entries } = catalogs();

describe('i18n check: every text of the web client in English and Arabic', () => {
  it('finds the client sources and the catalogs (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(0);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => /^(shell|marketing|auth|app|admin)\.[a-z0-9-]+\.json$/.test(f)), files.join(', ')).toBe(true);
  });

  it('shows no English literal outside t(), msg() or <Trans>', () => {
    expect(untranslated).toEqual([]);
  });

  it('has an Arabic text for every id, in a catalog its page loads', () => {
    const inBundle = new Map(BUNDLES.map((b) => [b, new Set<string>()]));
    for (const e of entries) inBundle.get(e.bundle as Bundle)?.add(e.id);
    const missing = uses
      .filter((u) => !LOADED_WITH[u.bundle].some((b) => inBundle.get(b)?.has(u.id)))
      .map((u) => `${u.where}: "${u.id}" (needs src/locales/ar/{${LOADED_WITH[u.bundle].join(',')}}.*.json)`);
    expect([...new Set(missing)]).toEqual([]);
    // The first load of `/` in English has no i18n runtime: no plural or select in a shell text.
    expect(entries.filter((e) => e.bundle === 'shell' && NEEDS_RUNTIME.test(e.id)).map((e) => `${e.file}: "${e.id}"`)).toEqual([]);
  });

  it('has real Arabic in every text: Arabic letters, compiles, same placeholders and tags as the English', () => {
    const bad: string[] = [];
    for (const e of entries) {
      if (!/[\u0600-\u06FF]/.test(e.text) || e.text.trim() === e.id.trim()) bad.push(`${e.file}: "${e.id}" is not Arabic: "${e.text}"`);
      try {
        compileMessage(e.text);
      } catch (err) {
        bad.push(`${e.file}: "${e.id}" does not compile: ${(err as Error).message}`);
      }
      if (JSON.stringify(slots(e.text)) !== JSON.stringify(slots(e.id))) {
        bad.push(`${e.file}: "${e.id}" has ${slots(e.text).join(' ')} but the English has ${slots(e.id).join(' ')}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('says what the API says: a text the API also sends has the API’s Arabic (forms match refusals to fields by it)', () => {
    const differ = entries
      .filter((e) => AR_MESSAGES[e.id] !== undefined && AR_MESSAGES[e.id] !== e.text)
      .map((e) => `${e.file}: "${e.id}": "${e.text}" but the API says "${AR_MESSAGES[e.id]}" (packages/contract/src/messages-ar.ts)`);
    expect(differ).toEqual([]);
  });

  it('keeps the catalogs clean: no unused id, one text per id', () => {
    const used = new Set(uses.map((u) => u.id));
    const unused = entries.filter((e) => !used.has(e.id)).map((e) => `${e.file}: "${e.id}"`);
    expect(unused).toEqual([]);
    const texts = new Map<string, string>();
    const conflicts: string[] = [];
    for (const e of entries) {
      const seen = texts.get(e.id);
      if (seen !== undefined && seen !== e.text) conflicts.push(`"${e.id}": "${seen}" vs "${e.text}" (${e.file})`);
      texts.set(e.id, e.text);
    }
    expect(conflicts).toEqual([]);
  });
});
