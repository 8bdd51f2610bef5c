import { toast } from './toast';
import { firstMessage } from '@app/contract';
import type { z } from 'zod';

/** Where a form shows its wrong fields (components/ui/field-errors.tsx): field name → message. */
export interface FieldMarker {
  mark: (errors: Record<string, string>, unplaced?: string) => void;
}

/** The first message of each field a failed parse names, in the order the schema found them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if ((typeof name === 'string' || typeof name === 'number') && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/**
 * Checks form values with the shared contract schema — the same one the server applies — and toasts
 * the first message on failure; with `fields`, also marks every wrong field (message under it, focus on
 * the first). Returns the parsed values, or null when the form must not be sent.
 */
export function parseOrToast<S extends z.ZodType>(schema: S, values: unknown, fields?: FieldMarker): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    fields?.mark({});
    return parsed.data;
  }
  const message = firstMessage(parsed.error);
  toast.error(message);
  fields?.mark(fieldMessages(parsed.error), message);
  return null;
}
