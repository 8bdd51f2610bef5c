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

/**
 * True when the database connection was lost or refused (a failover, a restart): the request may be sent again.
 * Class 08 (connection exception), 57P01-57P03 (the server shut down or is starting), 25006 (a write reached a
 * server that just became a replica), and the driver's own errors for a socket that closed or never opened.
 */
export function isConnectionLost(e: unknown): boolean {
  const code = pgCode(e) ?? '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '25006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  const message = `${(e as Error)?.message ?? ''} ${(e as { cause?: Error })?.cause?.message ?? ''}`;
  return /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i.test(message);
}

export function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}
