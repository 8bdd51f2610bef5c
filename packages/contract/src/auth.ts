// Account payloads. Client forms check the product's messages in the product's order; the server
// applies the same schemas plus the docs/product.md#security-rules password length, so both sides give one message.
import { z } from 'zod';
import { LIMITS, MSG, ROLES } from './constants.js';
import { LANGUAGES } from './language.js';
import { TEXT_MSG, oneLineText } from './one-line.js';

/**
 * name@domain with a dot inside the domain (not its first or last character), no spaces, one @. Written so that
 * every character has one way to match: `[^\s@]+\.[^\s@]+` (the same language) backtracks over every dot and
 * took a second for a 20,000-character string, which zod tests even after the length check has failed.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * Characters that show nothing or reorder what is shown: controls, format characters (zero-width space and
 * joiners, bidi marks and embeddings/overrides/isolates, soft hyphen, BOM, tags), other default-ignorables
 * (variation selectors, Hangul fillers) and line/paragraph separators. Two e-mail addresses that differ only
 * by these look identical, so a new address containing one is refused.
 */
export const INVISIBLE_CHARS = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;
export const EMAIL_INVISIBLE = 'E-mail address must not contain invisible or direction-control characters';
/** Refusals of the account calls that are about one field: the forms mark that field. */
export const ACCOUNT_MSG = {
  emailTaken: 'An account with this e-mail already exists',
  oldPasswordWrong: 'Old password is incorrect',
} as const;
/** How every e-mail is compared: trimmed, NFC-normalised (e + U+0301 is é), lower case. */
export const normaliseEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();

/** The account's one-line texts: no control, bidi or zero-width character; NFC. */
const fullNameField = oneLineText(TEXT_MSG.fullName, { min: LIMITS.nameMin, minMessage: MSG.nameMin, max: LIMITS.nameMax });
const phoneField = (minMessage: string) => oneLineText(TEXT_MSG.phone, { min: 1, minMessage: minMessage, max: LIMITS.phoneMax });
export const emailField = z
  .string({ error: MSG.fillAll })
  .trim()
  .refine((e) => !INVISIBLE_CHARS.test(e), EMAIL_INVISIBLE)
  .max(LIMITS.emailMax, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail)
  .transform(normaliseEmail);
export const passwordField = z
  .string({ error: MSG.fillAll })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

const required = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

export const registerBody = z
  .object({
    fullName: z.unknown().optional(),
    email: z.unknown().optional(),
    password: z.unknown().optional(),
    phone: z.unknown().optional(),
    refer: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (![v.fullName, v.phone, v.email, v.password].every(required)) {
      ctx.addIssue({ code: 'custom', message: MSG.fillAll });
    }
  })
  .pipe(
    z.object({
      fullName: fullNameField,
      email: emailField,
      phone: phoneField(MSG.fillAll),
      password: passwordField,
      refer: z.string().trim().normalize('NFC').max(LIMITS.emailMax).optional().catch(undefined),
    }),
  );

export const loginBody = z
  .object({ email: z.unknown().optional(), password: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (!required(v.email) || !required(v.password)) ctx.addIssue({ code: 'custom', message: MSG.fillAll });
  })
  .pipe(z.object({ email: z.string().trim().normalize('NFC').toLowerCase().max(LIMITS.emailMax, MSG.invalidEmail), password: z.string().max(LIMITS.passwordMax) }));

export const updateProfileBody = z.object({
  fullName: fullNameField.optional(),
  phone: phoneField('Phone is required').optional(),
  id: z.string().optional(),
});

export const changePasswordBody = z
  .object({ oldPassword: z.unknown().optional(), newPassword: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (!required(v.oldPassword) || !required(v.newPassword)) ctx.addIssue({ code: 'custom', message: MSG.fillAll });
  })
  .pipe(z.object({ oldPassword: z.string().max(LIMITS.passwordMax), newPassword: passwordField }));

export const forgotBody = z
  .object({ email: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (!required(v.email)) ctx.addIssue({ code: 'custom', message: MSG.forgotEmailRequired });
  })
  .pipe(z.object({ email: emailField }));

export const resetBody = z
  .object({ password: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (!required(v.password)) ctx.addIssue({ code: 'custom', message: MSG.resetPasswordRequired });
  })
  .pipe(z.object({ password: passwordField }));

/** The user as every response shows it: never a hash, never a token. */
export const publicUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  point: z.number(),
  subscription: z.boolean(),
  subscribedAt: z.string().nullable(),
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  referralsCount: z.number(),
  createdAt: z.string(),
  /** Two-factor sign-in (an authenticator app) is on. */
  twoFactor: z.boolean(),
  /** The saved language: the web client adopts it after login. */
  language: z.enum(LANGUAGES),
});
export type PublicUser = z.infer<typeof publicUser>;

/** First message of a failed parse: what the client toasts and the server answers. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
