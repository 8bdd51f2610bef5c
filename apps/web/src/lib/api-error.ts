// Reading API answers without importing the client (api.ts), so the first-paint bundle need not carry it.

/** Every response of the server: `{ success, message, ... }`. */
export interface ApiEnvelope {
  success: boolean;
  message: string;
}

/** A failed call: `status` and `data` when the server answered (non-2xx), neither on a network error. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function httpStatus(err: unknown): number | undefined {
  return err instanceof ApiError ? err.status : undefined;
}

/** The server's `message` of a failed call, else the fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  const data = err instanceof ApiError ? err.data : undefined;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
