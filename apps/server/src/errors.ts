/** An error whose status and message are safe to show the caller. Everything else becomes a logged 500. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (m: string) => new AppError(400, m);
export const unauthorized = (m = 'Please log in to continue') => new AppError(401, m);
export const forbidden = (m = 'You do not have permission to do this') => new AppError(403, m);
export const notFound = (m = 'Not found') => new AppError(404, m);
export const conflict = (m: string) => new AppError(409, m);
export const tooMany = (m = 'Too many attempts. Please try again later.') => new AppError(429, m);

/** PostgreSQL error codes the services translate. */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlock: '40P01',
  /** Raised by ledger_post (migration 0004). */
  insufficientFunds: 'ML402',
  accountNotFound: 'ML404',
} as const;

export function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/** The answer to a request the database could not serve for a moment (isDatabaseUnavailable). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable; please try again in a few seconds';
/** Seconds a client waits before retrying after a 503 of the database (Retry-After). */
export const DATABASE_RETRY_AFTER_S = 2;

/** Node's socket errors: the database's address refused or dropped the connection, or could not be reached. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * SQLSTATEs of a database that is going, gone or not the primary: 57P01 admin shutdown (a fast stop, a failover),
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up, promoting), 25006 read-only transaction (the
 * connection reached a standby), 53300 too many connections (every instance reconnecting at once); class 08 is
 * every connection exception. 40001 and 40P01 reach here only once inTransaction's retries are spent.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '25006', '53300', '40001', '40P01']);
/** node-postgres's own errors for a connection that died or could not be made (they carry no code). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * True when `e` says the database could not serve the request for now, not that the request was wrong: a failover
 * or restart (docs/operations.md "When the database goes away"). The transaction did not commit, or (a lost COMMIT
 * acknowledgement) its fate is unknown: the caller retries, with the same Idempotency-Key for money (docs/money.md).
 * Looks through drizzle's wrapper (`cause`) and Node's AggregateError (`errors`, one per address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || e instanceof AppError || depth > 4) return false;
    const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof err.code === 'string' && (SOCKET_CODES.has(err.code) || UNAVAILABLE_SQLSTATES.has(err.code) || /^08[0-9A-Z]{3}$/.test(err.code))) return true;
    if (typeof err.message === 'string' && LOST_CONNECTION.test(err.message)) return true;
    if (Array.isArray(err.errors) && err.errors.some((x) => seen(x, depth + 1))) return true;
    return seen(err.cause, depth + 1);
  };
  return seen(error, 0);
}
