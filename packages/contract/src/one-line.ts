// One-line texts a person enters (docs/security.md §7b): names, titles, labels, payout addresses. A full name with CR/LF put a
// second, invented paragraph into the recipient's notification and e-mail; U+202E reversed what followed it. Every
// such field is built with `oneLineText`, on the server (validation) and in the web forms alike, so both refuse the
// same characters with the same message, which names the field.
import { z } from 'zod';
import { hasRefusedMultiLineChar, hasRefusedOneLineChar, normaliseLineBreaks } from './text.js';

/** The refusal of each one-line field: it names the field (the 400's message, and the form's under the field). */
export const TEXT_MSG = {
  fullName: 'Full name must be one line of text without control or direction characters',
  phone: 'Phone must be one line of text without control or direction characters',
  passkeyName: 'Passkey name must be one line of text without control or direction characters',
  paymentId: 'Payout address must be one line of text without control or direction characters',
  announcementTitle: 'Announcement title must be one line of text without control or direction characters',
  announcementBody: 'Announcement text must not contain control or direction characters (line breaks are allowed)',
} as const;

export interface TextLimits {
  /** Shown when the value is not a string at all (absent, a number…). */
  typeMessage?: string;
  /** Characters after trimming; `minMessage` when shorter. */
  min?: number;
  minMessage?: string;
  max: number;
  maxMessage?: string;
}

/**
 * A one-line text field: trimmed (as every text field of the contract is), NFC-normalised (e + U+0301 is stored as
 * é), then refused with `message` when it holds a control, bidi, zero-width or line-separator character
 * (ONE_LINE_REFUSED), before its length is checked: the refusal is the first (and only) message of such a value.
 * `max` counts UTF-16 units after normalisation, as the `.max()` of zod does.
 */
export function oneLineText(message: string, limits: TextLimits) {
  let field = z
    .string(limits.typeMessage === undefined ? undefined : { error: limits.typeMessage })
    .trim()
    .normalize('NFC')
    .refine((v) => !hasRefusedOneLineChar(v), { message, abort: true });
  if (limits.min !== undefined) field = field.min(limits.min, limits.minMessage);
  return field.max(limits.max, limits.maxMessage ?? `At most ${limits.max} characters`);
}

/**
 * A multi-line text field (an announcement's body): trimmed, CR LF and CR stored as LF, NFC; LF is the one control
 * it may hold: TAB, the other controls, bidi and zero-width characters are refused with `message`.
 */
export function multiLineText(message: string, limits: TextLimits) {
  let field = z
    .string(limits.typeMessage === undefined ? undefined : { error: limits.typeMessage })
    .trim()
    .normalize('NFC')
    .refine((v) => !hasRefusedMultiLineChar(v), { message, abort: true })
    .overwrite(normaliseLineBreaks);
  if (limits.min !== undefined) field = field.min(limits.min, limits.minMessage);
  return field.max(limits.max, limits.maxMessage ?? `At most ${limits.max} characters`);
}
