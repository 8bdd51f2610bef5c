// Reading API answers without importing axios, so the first-paint bundle need not carry it.

/** Every response of the server: `{ success, message, ... }`. */
export interface ApiEnvelope {
  success: boolean;
  message: string;
}

interface HttpErrorLike {
  isAxiosError?: boolean;
  response?: { status?: number; data?: unknown };
}

function asHttpError(err: unknown): HttpErrorLike | undefined {
  return err && typeof err === 'object' && (err as HttpErrorLike).isAxiosError ? (err as HttpErrorLike) : undefined;
}

export function httpStatus(err: unknown): number | undefined {
  return asHttpError(err)?.response?.status;
}

/** The server's `message` of a failed call, else the fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  const data = asHttpError(err)?.response?.data;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
