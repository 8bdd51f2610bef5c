// Account security (docs/product.md#security-rules): authenticator codes (TOTP, RFC 6238), recovery codes, passkeys, sessions and the
// sign-in history. The messages here are what the server answers and the security page shows.
import { z } from 'zod';
import { TEXT_MSG, oneLineText } from './one-line.js';
import { LIMITS } from './constants.js';
import { PASSKEY_NAME_MAX, SECURITY_MSG } from './security-messages.js';

export * from './security-messages.js';

/** A 6-digit code; spaces (as apps show "123 456") are dropped. */
export const totpCodeField = z
  .string({ error: SECURITY_MSG.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => v.length > 0, SECURITY_MSG.codeRequired)
  .refine((v) => /^\d{6}$/.test(v), SECURITY_MSG.codeInvalid);

export const recoveryCodeField = z
  .string({ error: SECURITY_MSG.recoveryInvalid })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .refine((v) => /^[a-z0-9]{10,40}$/.test(v), SECURITY_MSG.recoveryInvalid);

export const codeBody = z.object({ code: totpCodeField });
/** A current code or a recovery code (the second sign-in step). */
export const secondStepBody = z
  .object({ code: z.unknown().optional(), recoveryCode: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if ((v.code === undefined || v.code === '') && (v.recoveryCode === undefined || v.recoveryCode === '')) {
      ctx.addIssue({ code: 'custom', message: SECURITY_MSG.codeRequired });
    }
  })
  .pipe(z.object({ code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() }));

/** The password of a sudo-mode check: required, never longer than any password can be. */
const reauthPasswordField = z
  .string({ error: SECURITY_MSG.passwordRequired })
  .min(1, SECURITY_MSG.passwordRequired)
  .max(LIMITS.passwordMax, SECURITY_MSG.passwordWrong);
const factorFields = { code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() };

/**
 * Disabling: a current code or a recovery code; and, unless the session re-authenticated in the last 5 minutes, the
 * password too (the request is then its own re-authentication: password and second factor at once).
 */
export const disableTwoFactorBody = z
  .object({ code: z.unknown().optional(), recoveryCode: z.unknown().optional(), password: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if ((v.code === undefined || v.code === '') && (v.recoveryCode === undefined || v.recoveryCode === '')) {
      ctx.addIssue({ code: 'custom', message: SECURITY_MSG.codeRequired });
    }
  })
  .pipe(z.object({ ...factorFields, password: reauthPasswordField.optional() }));

/**
 * POST /user/reauth (sudo mode): the password, and with two-factor sign-in on a current code or a recovery code
 * (the server answers SECURITY_MSG.codeRequired when it is missing).
 */
export const reauthBody = z
  .object({ password: z.unknown().optional(), code: z.unknown().optional(), recoveryCode: z.unknown().optional() })
  .pipe(z.object({ password: reauthPasswordField, ...factorFields }));
/** The answer of a change that needs sudo mode when the session is not in it (403). */
export const reauthRequiredResponse = z.object({ success: z.literal(false), message: z.string(), reauthRequired: z.literal(true) });

export const twoFactorSetupResponse = z.object({ success: z.boolean(), message: z.string(), secret: z.string(), otpauthUrl: z.string() });
export const twoFactorEnableResponse = z.object({ success: z.boolean(), message: z.string(), recoveryCodes: z.array(z.string()) });
export const twoFactorRequiredResponse = z.object({ success: z.literal(true), message: z.string(), twoFactorRequired: z.literal(true) });

export const sessionRecord = z.object({
  _id: z.string(),
  current: z.boolean(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;
export const sessionsResponse = z.object({ success: z.boolean(), message: z.string(), sessions: z.array(sessionRecord) });

export const loginHistoryEntry = z.object({ createdAt: z.string(), ip: z.string(), userAgent: z.string(), success: z.boolean() });
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntry>;
export const loginHistoryResponse = z.object({ success: z.boolean(), message: z.string(), entries: z.array(loginHistoryEntry) });

/** A passkey's name: one line, 1 to 64 characters. */
export const passkeyName = oneLineText(TEXT_MSG.passkeyName, {
  typeMessage: SECURITY_MSG.passkeyName,
  min: 1,
  minMessage: SECURITY_MSG.passkeyName,
  max: PASSKEY_NAME_MAX,
  maxMessage: SECURITY_MSG.passkeyName,
});
export const passkeyRecord = z.object({ _id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyRecord = z.infer<typeof passkeyRecord>;
export const passkeysResponse = z.object({ success: z.boolean(), message: z.string(), passkeys: z.array(passkeyRecord) });
/** A WebAuthn response as @simplewebauthn/browser returns it: checked in depth by the server's library. */
export const webauthnResponse = z.record(z.string(), z.unknown());
export const passkeyRegisterBody = z.object({ name: passkeyName, response: webauthnResponse });
export const passkeyRenameBody = z.object({ name: passkeyName });
export const passkeyLoginBody = z.object({ response: webauthnResponse });
