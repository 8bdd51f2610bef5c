// Money POSTs carry an Idempotency-Key (docs/money.md): one key per submission, reused while that same
// submission is retried (network error, 5xx), so a retry can never move money twice. A different
// request, or a definite answer from the server, starts a new key.
import { useRef } from 'react';
import { httpStatus } from './api-error';

function randomUuid(): string {
  // crypto.randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key for this request (e.g. `POST /withdraw {"amount":1,...}`): the same one while it is retried. */
  keyFor: (request: string) => string;
  /** After the call: forget the key unless the outcome is unknown (no answer, or a 5xx). */
  settle: (request: string, error?: unknown) => void;
  /** keyFor + the call + settle, in one. */
  run: <T>(request: string, call: (key: string) => Promise<T>) => Promise<T>;
}

export function useIdempotencyKeys(): IdempotencyKeys {
  const keys = useRef(new Map<string, string>());
  const keyFor = (request: string) => {
    let key = keys.current.get(request);
    if (!key) {
      key = randomUuid();
      keys.current.set(request, key);
    }
    return key;
  };
  const settle = (request: string, error?: unknown) => {
    const status = error === undefined ? 200 : httpStatus(error);
    const unknownOutcome = error !== undefined && (status === undefined || status >= 500);
    if (!unknownOutcome) keys.current.delete(request);
  };
  return {
    keyFor,
    settle,
    run: async (request, call) => {
      try {
        const result = await call(keyFor(request));
        settle(request);
        return result;
      } catch (err) {
        settle(request, err);
        throw err;
      }
    },
  };
}

export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });
