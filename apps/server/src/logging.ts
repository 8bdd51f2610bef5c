// Secrets stay out of logs (docs/security.md).
// - URLs: a reset token in a path (`/user/reset/<token>`, `/user/profile/reset-password/<token>`) is replaced by
//   [redacted], also when the path was percent-encoded; query values that carry an e-mail address or name one
//   (email=, q=, actor=, token=…) are replaced too.
// - Errors: a failed query's parameters never reach the log. drizzle puts them in its error's message
//   ("Failed query: …\nparams: <hash>,<e-mail>") and in `.params`; PostgreSQL's error puts row values in
//   `detail` ("Key (email)=(…) already exists") and quotes input values in its message. The serializer keeps the
//   error's type, code, constraint/table/column, the SQL text (placeholders only) and the stack frames.
import type { FastifyRequest } from 'fastify';

const TOKEN_SEGMENT = /(\/(?:reset-password|reset)\/)[^/?#]+/gi;
const SECRET_QUERY_KEY = /^(?:e-?mail|q|search|actor|token|reset_?token|password|recipient_?email)$/i;
export const REDACTED = '[redacted]';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL as it may be logged: reset tokens and e-mail-bearing query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const decodedPath = decode(rawPath);
  TOKEN_SEGMENT.lastIndex = 0;
  // A token hidden by percent-encoding (/user/%72eset/<token>) is found in the decoded form, which is then logged.
  const path = TOKEN_SEGMENT.test(decodedPath) ? decodedPath.replace(TOKEN_SEGMENT, `$1${REDACTED}`) : rawPath;
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const key = decode(pair.slice(0, eq));
      const value = decode(pair.slice(eq + 1).replace(/\+/g, ' '));
      return SECRET_QUERY_KEY.test(key) || value.includes('@') ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

const PARAMS = /\nparams: [\s\S]*$/;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/** An error as it may be logged: never a query's parameters nor the row values PostgreSQL reports. */
export function serializeError(value: unknown, depth = 0): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { message: String(value) };
  const e = value as ErrorLike;
  const type = typeof e.name === 'string' ? e.name : (value as object).constructor?.name ?? 'Error';
  // A PostgreSQL error (pg's DatabaseError) quotes values in its message: `invalid input syntax for type uuid: "…"`.
  const fromPostgres = typeof e.severity === 'string';
  let message = redactText(String(e.message ?? '').replace(PARAMS, '\nparams: [not logged]'));
  if (fromPostgres) message = message.replace(/"[^"]*"/g, '"…"');
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: Record<string, unknown> = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const k of ['code', 'constraint', 'table', 'column', 'routine', 'statusCode'] as const) {
    if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The same text for a console (the start-up failure in main.ts). */
export function safeErrorText(value: unknown): string {
  const e = serializeError(value);
  const cause = e.cause as Record<string, unknown> | undefined;
  return `${String(e.stack)}${cause ? `\ncaused by ${String(cause.stack)}` : ''}`;
}

/** pino serializers for the app's logger: `req` and `err` as above (Fastify logs both on errors). */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url ?? ''),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  err: (e: unknown) => serializeError(e),
};

/** A reset token inside any text (a log message naming a URL): replaced by [redacted]. */
export function redactText(text: string): string {
  return text.replace(TOKEN_SEGMENT, `$1${REDACTED}`);
}

/**
 * Fastify's `logger` option: the given options (tests pass a stream) with the serializers above, and a hook
 * that redacts reset tokens in message strings too (Fastify's own warnings quote the request URL in the text).
 */
export function loggerOptions(given: boolean | object | undefined, level: string): false | object {
  if (given === false) return false;
  return {
    level,
    ...(typeof given === 'object' ? given : {}),
    serializers: logSerializers,
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)));
      },
    },
  };
}
