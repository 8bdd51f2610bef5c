import { toast } from './toast';
import { EMAIL_INVISIBLE, LIMITS, MSG, TEXT_MSG, firstMessage } from '@app/contract';
import type { z } from 'zod';
import { msg, t } from './i18n';

/**
 * The messages the account forms' schemas (register, login, forgot, reset, change password, profile) can give,
 * marked so the i18n check keeps their Arabic in the shell catalog; the types keep them equal to the contract's.
 * Any schema message with a text in a loaded catalog (another form's) is shown in the current language too.
 */
export const SCHEMA_MESSAGES = [
  msg(MSG.fillAll),
  msg(MSG.nameMin),
  msg(MSG.invalidEmail),
  msg(MSG.forgotEmailRequired),
  msg(MSG.resetPasswordRequired),
  msg('E-mail address must not contain invisible or direction-control characters') satisfies typeof EMAIL_INVISIBLE,
  msg('Password must be at least 8 characters') satisfies `Password must be at least ${typeof LIMITS.passwordMin} characters`,
  msg('Password must be at most 128 characters') satisfies `Password must be at most ${typeof LIMITS.passwordMax} characters`,
  msg('At most 100 characters') satisfies `At most ${typeof LIMITS.nameMax} characters`,
  msg('At most 32 characters') satisfies `At most ${typeof LIMITS.phoneMax} characters`,
  msg('Phone is required'),
  // A name or phone with a control, direction or zero-width character.
  msg('Full name must be one line of text without control or direction characters') satisfies typeof TEXT_MSG.fullName,
  msg('Phone must be one line of text without control or direction characters') satisfies typeof TEXT_MSG.phone,
];

/** Where a form shows its wrong fields (components/ui/field-errors.tsx): field name → message; true when placed. */
export interface FieldMarker {
  mark: (errors: Record<string, string>, unplaced?: string) => boolean;
}

/** The first message of each field a failed parse names, in the order the schema found them (in English). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if ((typeof name === 'string' || typeof name === 'number') && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/**
 * Checks form values with the shared contract schema — the same one the server applies. On failure, with
 * `fields`, marks every wrong field (message under it, focus on the first); the first message is a toast only
 * when no field could show it (docs/product.md#toasts: field errors stay on the fields). Returns the parsed
 * values, or null when the form must not be sent.
 */
export function parseOrToast<S extends z.ZodType>(schema: S, values: unknown, fields?: FieldMarker): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    fields?.mark({});
    return parsed.data;
  }
  // The schemas speak English (the product's texts, which the server answers too): shown in the current language.
  const message = t(firstMessage(parsed.error));
  const errors = fieldMessages(parsed.error);
  for (const name of Object.keys(errors)) errors[name] = t(errors[name]);
  if (!fields?.mark(errors, message)) toast.error(message);
  return null;
}
