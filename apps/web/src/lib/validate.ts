import { toast } from './toast';
import { firstMessage } from '@app/contract';
import type { z } from 'zod';

/**
 * Checks form values with the shared contract schema — the same one the server applies — and toasts
 * the first message on failure. Returns the parsed values, or null when the form must not be sent.
 */
export function parseOrToast<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  toast.error(firstMessage(parsed.error));
  return null;
}
