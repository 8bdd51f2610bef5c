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
