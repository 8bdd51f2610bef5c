// Every English text the API can answer as `message` (docs/i18n.md), found in the source with the TypeScript compiler:
// the i18n check (i18n-messages.test.ts) asserts each has an Arabic translation. Collected:
// - the arguments of the error helpers (badRequest, forbidden, … and `new AppError`) and their defaults;
// - every `message:` property of an object literal in the server (answers and zod issues alike);
// - zod's custom messages in the contract (`.min(n, 'text')`, `.refine(f, 'text')`, `{ error: 'text' }` …);
// - every value of the contract's message tables (MSG and every other `…_MSG` constant).
// An expression's possible values come from the type checker: a constant (`NOT_YOUR_PROFILE`, `MSG.fillAll`) or a
// conditional of literals is a union of string literal types. A template with substitutions becomes a sample in
// which each substitution is "12" (the patterns of the dictionary take any text there). Anything else (a plain
// `string`) must be one of the pass-throughs listed in PASS_THROUGH, with the reason, or the check fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(root, 'apps/server/src');
const CONTRACT = path.join(root, 'packages/contract/src');

/** Source files whose strings are never an API `message`: e-mail and notification texts (their own languages). */
const NOT_API = [
  // The log, the command line and start-up: texts for the operator, never an API answer.
  /\/server\/src\/(logging|config|start-errors|main)\.ts$/,
  // The translation itself: it only passes on messages collected where they are written.
  /\/server\/src\/i18n\.ts$/,
  /\/server\/src\/db\//,
  /\/server\/src\/cli\//,
  // The Tron API's errors are logged and shown on the chain status, not sent as a message.
  /\/chain-deposits\/tron-api\.ts$/,
  /\/modules\/notifications\/(?!.*\.routes\.ts$)/, /\/mail\//, /\/contract\/src\/notifications\.ts$/, /\/contract\/src\/email/];

/**
 * Expressions of type `string` that are not a fixed text, each with why it is still covered: `file:text` of the
 * expression as written.
 */
export const PASS_THROUGH: Record<string, string> = {
  'apps/server/src/errors.ts:m': 'the helpers’ argument: each call’s own argument is collected where it is called',
  'apps/server/src/ledger/ledger.ts:input.insufficientMessage ?? \'Insufficient balance\'': 'every insufficientMessage: property is collected',
  'apps/server/src/modules/chain-deposits/claims.ts:refusal': 'transfersInInfo’s refusal: properties are collected',
  'apps/server/src/modules/chain-deposits/unmatched.ts:e.message': 'a NotCreditable’s text: `new NotCreditable(…)` arguments are collected',
  'apps/server/src/http/list-window.ts:localise(reply.request, list.more ? listCappedMessage(list.noun, list.total) : list.message)': 'listCappedMessage is in the dictionary’s patterns; list.message is each caller’s message: property',
  'apps/server/src/modules/deposits/deposits.routes.ts:r.message': 'the service’s message: properties are collected',
  'apps/server/src/modules/withdrawals/withdrawals.routes.ts:r.message': 'the service’s message: properties are collected',
  'apps/server/src/modules/money-records/money-records.service.ts:kind.messages.notFound': 'each record kind’s messages (DEPOSIT_MSG, WITHDRAW_MSG: message tables collected in full)',
  'apps/server/src/modules/money-records/money-records.service.ts:kind.messages.ambiguous': 'each record kind’s messages (DEPOSIT_MSG, WITHDRAW_MSG: message tables collected in full)',
  'apps/server/src/modules/money-records/money-records.routes.ts:list.message': 'each list’s message: property, written where deposits.routes.ts and withdrawals.routes.ts describe their lists',
  'apps/server/src/modules/notifications/email.routes.ts:text': 'the unsubscribe page’s texts (S2, e-mail languages)',
  'apps/server/src/modules/notifications/email.routes.ts:message ?? UNSUBSCRIBE_INVALID': 'the unsubscribe page’s texts (S2, e-mail languages)',
  'apps/server/src/app.ts:error.message': 'an AppError’s text: every AppError and helper argument is collected',
  'apps/server/src/app.ts:first?.message ?? \'Invalid request\'': 'zod’s issue: the contract’s custom messages are collected; zod’s own English messages are the dictionary’s patterns',
  'packages/contract/src/one-line.ts:limits.typeMessage': 'oneLineText/multiLineText’s options: each caller’s typeMessage: property is collected where it is written',
  'packages/contract/src/one-line.ts:limits.minMessage': 'oneLineText/multiLineText’s options: each caller’s minMessage: property is collected where it is written',
  'packages/contract/src/one-line.ts:limits.maxMessage ?? `At most ${limits.max} characters`': 'each caller’s maxMessage: property is collected; the default is the dictionary’s “At most N characters” pattern',
  'packages/contract/src/one-line.ts:message': 'multiLineText’s refusal: its one caller passes TEXT_MSG.announcementBody, a message table collected in full',
  'packages/contract/src/support.ts:message': 'a ticket message’s text field (a schema, not a text): its refusals are SUPPORT_MSG, a message table collected in full',
  'packages/contract/src/settings.ts:opts.invisibleMessage ?? message': 'textSetting’s refusal: the invisibleMessage: property and the message argument of each setting are collected (SETTINGS_MSG)',
  'apps/server/src/app.ts:message': 'a Fastify client error’s own text (FST_ERR_…): the known ones are in the dictionary, others stay as Fastify writes them',
};

const ERROR_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'tooMany']);
const ZOD_MESSAGE_AT: Record<string, number> = {
  min: 1, max: 1, length: 1, regex: 1, refine: 1, gt: 1, gte: 1, lt: 1, lte: 1, multipleOf: 1, startsWith: 1, endsWith: 1, includes: 1,
  email: 0, url: 0, uuid: 0, date: 0, datetime: 0, time: 0, int: 0, positive: 0, nonnegative: 0, negative: 0, nonpositive: 0, nonempty: 0, trim: -1,
};

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.ts$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name) && !NOT_API.some((r) => r.test(p))) out.push(p);
  }
  return out;
}

export interface FoundMessage {
  /** The English text; a template's substitutions are "12". */
  text: string;
  /** Where: file:line. */
  at: string;
}

export interface Scan {
  messages: FoundMessage[];
  /** Expressions whose text could not be known and are not in PASS_THROUGH. */
  unknown: string[];
}

export function scanApiMessages(): Scan {
  const fileNames = [...files(SERVER), ...files(CONTRACT)];
  const program = ts.createProgram(fileNames, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const messages: FoundMessage[] = [];
  const unknown: string[] = [];

  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    return `${path.relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  function texts(expr: ts.Expression): string[] | null {
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) return texts(expr.expression);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
    if (ts.isTemplateExpression(expr)) {
      // Each substitution: its few known texts (a constant, a caller's label), else the sample "12".
      let out = [expr.head.text];
      for (const span of expr.templateSpans) {
        const known = texts(span.expression);
        const values = known && known.length > 0 && known.length <= 8 && out.length * known.length <= 64 ? known : ['12'];
        out = out.flatMap((head) => values.map((v) => head + v + span.literal.text));
      }
      return out;
    }
    if (ts.isConditionalExpression(expr)) {
      const a = texts(expr.whenTrue);
      const b = texts(expr.whenFalse);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
      const b = texts(expr.right);
      const a = texts(expr.left);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isNumericLiteral(expr)) return [expr.text];
    // localise(req, text) (i18n.ts): the English text it is given.
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression) && expr.expression.text === 'localise' && expr.arguments[1]) return texts(expr.arguments[1]);
    // A schema (`message: z.string()` in a response schema) is not a text.
    if (ts.isCallExpression(expr) && /^z\./.test(expr.expression.getText())) return [];
    // A constant or a function of the module's own: its initializer, or what the function returns.
    const decl = (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr) || ts.isCallExpression(expr))
      ? declarationOf(ts.isCallExpression(expr) ? expr.expression : expr)
      : undefined;
    if (decl && !ts.isCallExpression(expr) && (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer && !seen.has(decl)) {
      seen.add(decl);
      const r = texts(decl.initializer);
      seen.delete(decl);
      if (r) return r;
    }
    if (decl && ts.isCallExpression(expr)) {
      const fn = functionOf(decl);
      if (fn && !seen.has(fn)) {
        seen.add(fn);
        const r = returned(fn);
        seen.delete(fn);
        if (r) return r;
      }
    }
    // A parameter: what every caller passes (and its default).
    if (decl && ts.isParameter(decl) && !seen.has(decl)) {
      seen.add(decl);
      const r = passedTo(decl);
      seen.delete(decl);
      if (r) return r;
    }
    const type = checker.getTypeAtLocation(expr);
    const parts = type.isUnion() ? type.types : [type];
    const out: string[] = [];
    for (const t of parts) {
      if (t.isStringLiteral()) out.push(t.value);
      else if (t.isNumberLiteral()) out.push(String(t.value));
      else if (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
      else return null;
    }
    return out;
  }

  const seen = new Set<ts.Node>();
  function declarationOf(expr: ts.Expression): ts.Declaration | undefined {
    let sym = ts.isShorthandPropertyAssignment(expr.parent) && expr.parent.name === expr
      ? checker.getShorthandAssignmentValueSymbol(expr.parent)
      : checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expr) ? expr.name : expr);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    return sym?.valueDeclaration ?? sym?.declarations?.[0];
  }
  function functionOf(decl: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
    if (ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl)) return decl;
    const init = (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) ? decl.initializer : undefined;
    return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : undefined;
  }
  /** What the callers of a function pass as this parameter, or null when the function has no known callers. */
  function passedTo(param: ts.ParameterDeclaration): string[] | null {
    const fn = param.parent;
    if (!ts.isFunctionLike(fn)) return null;
    const index = fn.parameters.indexOf(param);
    const named: ts.Node = ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? fn.parent : fn;
    const out: string[] = param.initializer ? (texts(param.initializer) ?? []) : [];
    let callers = 0;
    for (const call of calls) {
      const target = declarationOf(ts.isCallExpression(call) ? call.expression : call.expression);
      if (target !== named && target !== fn) continue;
      callers++;
      const arg = call.arguments?.[index];
      if (!arg) continue;
      const r = texts(arg);
      if (!r) return null;
      out.push(...r);
    }
    return callers > 0 ? out : null;
  }
  /** Every text a function returns, or null when one of its returns is not a known text. */
  function returned(fn: ts.FunctionLikeDeclaration): string[] | null {
    if (!fn.body) return null;
    if (!ts.isBlock(fn.body)) return texts(fn.body);
    const out: string[] = [];
    let ok = true;
    const walk = (n: ts.Node): void => {
      if (ts.isFunctionLike(n)) return;
      if (ts.isReturnStatement(n) && n.expression) {
        const r = texts(n.expression);
        if (r) out.push(...r);
        else ok = false;
      }
      ts.forEachChild(n, walk);
    };
    ts.forEachChild(fn.body, walk);
    return ok && out.length > 0 ? out : null;
  }

  function add(expr: ts.Expression) {
    const found = texts(expr);
    if (found) for (const text of found) messages.push({ text, at: where(expr) });
    else {
      const key = `${path.relative(root, expr.getSourceFile().fileName)}:${expr.getText()}`;
      if (!(key in PASS_THROUGH)) unknown.push(`${where(expr)} ${expr.getText()}`);
    }
  }

  const calls: (ts.CallExpression | ts.NewExpression)[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!fileNames.includes(sf.fileName)) continue;
    const collect = (n: ts.Node): void => {
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) calls.push(n);
      ts.forEachChild(n, collect);
    };
    collect(sf);
  }

  for (const sf of program.getSourceFiles()) {
    const file = sf.fileName;
    if (!fileNames.includes(file)) continue;
    const inContract = file.startsWith(CONTRACT);
    const visit = (node: ts.Node): void => {
      // message: … in an object literal (answers, zod issues).
      // message: … in an object literal (answers, zod issues), and the texts services hand to one (refusal:,
      // insufficientMessage: …).
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && /^(message|refusal|\w+Message)$/.test(node.name.text) && ts.isObjectLiteralExpression(node.parent)) add(node.initializer);
      // The message of an error class of the server's own (class NotCreditable extends Error).
      if (ts.isNewExpression(node) && node.arguments?.[0] && !inContract) {
        const cls = declarationOf(node.expression);
        if (cls && ts.isClassDeclaration(cls) && cls.heritageClauses?.some((h) => /^(Error|AppError)$/.test(h.types[0]?.expression.getText() ?? '')) && cls.name?.text !== 'AppError') add(node.arguments[0]);
      }
      if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'message') add(node.name);
      // The error helpers, their defaults, and new AppError(status, text).
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ERROR_HELPERS.has(node.expression.text) && node.arguments[0]) add(node.arguments[0]);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError' && node.arguments?.[1]) add(node.arguments[1]);
      if (ts.isParameter(node) && node.initializer && path.basename(file) === 'errors.ts') add(node.initializer);
      if (inContract) {
        // zod: { error: 'text' } and the message argument of checks.
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'error' && ts.isObjectLiteralExpression(node.parent) && !ts.isNumericLiteral(node.initializer)) add(node.initializer);
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
          const at = node.expression.expression.getText() === 'Math' ? undefined : ZOD_MESSAGE_AT[node.expression.name.text];
          const arg = at !== undefined && at >= 0 ? node.arguments[at] : undefined;
          if (arg && !ts.isObjectLiteralExpression(arg) && !ts.isArrowFunction(arg) && !ts.isFunctionExpression(arg)) add(arg);
        }
        // The message tables: every string of an exported `MSG` / `…_MSG` constant, and of `…_MESSAGE` texts.
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /(^|_)MSG$|_(MESSAGE|INVISIBLE)$/.test(node.name.text) && node.initializer) {
          const walk = (n: ts.Node): void => {
            if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) messages.push({ text: n.text, at: where(n) });
            else if (ts.isTemplateExpression(n)) add(n);
            else ts.forEachChild(n, walk);
          };
          walk(node.initializer);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { messages, unknown };
}
