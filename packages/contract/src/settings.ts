// Platform settings the super admin edits on the settings page (docs/operations.md). Each one is named after the environment
// variable that seeds it on the first start (DEPOSIT_ADDRESS → depositAddress). Its entry here is the one place
// that says how it is validated (start-up config, PUT /settings and the web form alike), shown and sent as JSON:
// a later setting is one more entry (plus its variable in the server's config.ts).
import { z } from 'zod';
import { EMAIL_PATTERN, INVISIBLE_CHARS } from './auth.js';
import { LIMITS } from './constants.js';
import { parseCents } from './money.js';
import { CHAIN_SETTINGS } from './chain-deposits.js';
import { REFERRAL_MAX_LEVELS, parseReferralLevels } from './referrals.js';

/** A Tron (TRC20) address: base58, 34 characters, starting with T. */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{3,30}[0-9]$/;
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const DEFAULT_SUPPORT_EMAIL = 'support@example.com';
export const DEFAULT_SUPPORT_PHONE = '+971 4 000 0000';
/** The contact page's address until the super admin sets one (the web client shows it translated). */
export const DEFAULT_SUPPORT_ADDRESS = 'Office 000, Example Tower, Dubai, United Arab Emirates';
/** A postal address on one line, 5 to 200 characters: letters of any script, digits, spaces and , . - / # ( ). */
const ADDRESS_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ,،.'’()/#–-]{3,198}[\p{L}\p{M}\p{N}.)]$/u;

export const SETTINGS_MSG = {
  saved: 'Settings saved',
  unchanged: 'Nothing changed: the settings already have these values',
  empty: 'Send at least one setting to change',
  depositAddress: 'Deposit address must be a Tron (TRC20) address: 34 characters starting with T (or empty to turn deposits off)',
  amount: (label: string) => `${label} must be 0 or an amount with at most 2 decimals, up to 1,000,000.00`,
  withdrawAmount: (label: string) => `${label} must be 0 or an amount with at most 2 decimals, up to 1,000,000.00`,
  supportEmail: 'Support e-mail must be an e-mail address',
  supportEmailInvisible: 'Support e-mail must not contain invisible or direction-control characters',
  supportPhone: 'Support phone must be 5 to 32 characters: digits, spaces and + ( ) - .',
  supportAddress: 'Contact address must be one line of 5 to 200 characters: letters, digits, spaces and , . - / # ( )',
  supportAddressInvisible: 'Contact address must not contain invisible or direction-control characters',
  signupLimitPerHour: 'Sign-ups per address and hour must be a whole number of accounts from 0 (no limit) to 1,000,000',
  emailRateLimit: 'E-mails per second must be a whole number from 0 (no limit) to 10,000',
  admin2fa: 'Two-factor sign-in for admins must be "required" or "optional"',
  withdrawFeePercent: 'Withdrawal fee (%) must be a percentage from 0 to 100 with at most 2 decimals',
  withdrawNewAddressHoldHours: 'New-address hold must be a whole number of hours from 0 (off) to 720',
  withdrawProofRequired: 'Payout proof must be "required" or "optional"',
  kycRequired: 'Identity check for withdrawals must be "off", "withdrawals" or "withdrawals_above"',
  kycDocumentRetentionDays: 'Identity document retention must be a whole number of days from 0 (keep them) to 36,500',
  referralLevels: `Referral levels must be 1 to ${REFERRAL_MAX_LEVELS} percentages separated by commas (such as 10,5,3), each 0 to 100 with at most 2 decimals, adding up to at most 100`,
} as const;

/** A whole number from 0 to `max` (a JSON number or its digits as text). */
const countSetting = (message: string, max: number) =>
  z.unknown().transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d{1,7}$/.test(text) || Number(text) > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });

/** 0 or a positive amount (number or decimal text) → integer cents; `message` otherwise. */
const zeroOrCents = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
    if (text !== null && /^0+(\.0{1,2})?$/.test(text)) return 0;
    const cents = parseCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
const amountOrZero = (label: string) => zeroOrCents(SETTINGS_MSG.amount(label));
/** The withdrawal rules' amounts (a template of their own: each lists at most a few labels). */
const withdrawAmount = (label: string) => zeroOrCents(SETTINGS_MSG.withdrawAmount(label));

/** A percentage 0–100 with at most 2 decimals → basis points (2.5 → 250): sent and shown like an amount. */
const percentSetting = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
    const bp = text !== null && /^0+(\.0{1,2})?$/.test(text) ? 0 : parseCents(value);
    if (bp === null || bp > 10_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return bp;
  });

/**
 * A one-line text setting: trimmed, NFC. With `invisibleMessage`, a value holding a control, format (bidi,
 * zero-width) or other invisible character is refused with it first (the support e-mail's pattern lets
 * any non-space through, so U+202E or a zero-width space would be stored and shown in the footer); the other text
 * settings' patterns admit only ASCII and refuse them with their own message.
 */
const textSetting = (pattern: RegExp, message: string, opts: { max: number; allowEmpty?: boolean; lower?: boolean; invisibleMessage?: string }) =>
  z
    .string({ error: message })
    .trim()
    .normalize('NFC')
    .refine((v) => opts.invisibleMessage === undefined || !INVISIBLE_CHARS.test(v), { message: opts.invisibleMessage ?? message, abort: true })
    .max(opts.max, message)
    .refine((v) => (opts.allowEmpty && v === '') || (pattern.test(v) && !CONTROL_CHARS.test(v)), message)
    .transform((v) => (opts.lower ? v.toLowerCase() : v));

/** `10,5,3` → the same text, normalised (`10, 5.50 ,3` → `10,5.5,3`); read as basis points by `referralRatesBp`. */
const referralLevelsSetting = z.string({ error: SETTINGS_MSG.referralLevels }).transform((v, ctx) => {
  const bp = parseReferralLevels(v);
  if (bp === null) {
    ctx.addIssue({ code: 'custom', message: SETTINGS_MSG.referralLevels });
    return z.NEVER;
  }
  return bp.map((x) => String(x / 100)).join(',');
});

/** How a setting travels: `amount` is stored as integer cents and sent as a number with 2 decimals; `count` is a
 * whole number stored and sent as is. */
export type SettingKind = 'text' | 'amount' | 'count';

export interface SettingDefinition {
  /** The environment variable that seeds it on the first start. */
  env: string;
  kind: SettingKind;
  label: string;
  help: string;
  /** Input (JSON value or the variable's text) → the stored value. */
  schema: z.ZodType<string | number, unknown>;
  /** A text setting with a fixed set of values: the settings page offers them in a list. */
  choices?: readonly string[];
  /** A credential: never sent, logged or audited in full (see `maskSecret`); typing a new value replaces it. */
  secret?: boolean;
}

export const SETTINGS = {
  depositAddress: {
    env: 'DEPOSIT_ADDRESS',
    kind: 'text',
    label: 'Deposit address',
    help: 'The Tron (TRC20) address users send USDT to, shown with its QR code on the deposit page. Empty turns deposits off.',
    schema: textSetting(TRON_ADDRESS_PATTERN, SETTINGS_MSG.depositAddress, { max: 34, allowEmpty: true }),
  },
  // Deposits confirmed on the Tron chain: TRON_API_URL, TRON_API_KEY, USDT_CONTRACT, TRON_POLL_MS, DEPOSIT_WINDOW_MIN.
  ...CHAIN_SETTINGS,
  minDeposit: {
    env: 'MIN_DEPOSIT',
    kind: 'amount',
    label: 'Minimum deposit',
    help: 'The smallest deposit accepted: payment requests and deposit forms below it are refused, and a smaller transfer that arrives anyway waits in the unmatched list. 0.01 by default (the spec’s); raise it before going live.',
    schema: amountOrZero('Minimum deposit'),
  },
  subscriptionPrice: {
    env: 'SUBSCRIPTION_PRICE',
    kind: 'amount',
    label: 'Subscription price',
    help: 'Points charged when a user activates the subscription.',
    schema: amountOrZero('Subscription price'),
  },
  subscriptionMinBalance: {
    env: 'SUBSCRIPTION_MIN_BALANCE',
    kind: 'amount',
    label: 'Subscription minimum balance',
    help: 'The balance a user needs to activate the subscription.',
    schema: amountOrZero('Subscription minimum balance'),
  },
  supportEmail: {
    env: 'SUPPORT_EMAIL',
    kind: 'text',
    label: 'Support e-mail',
    help: 'Shown in the footer, on the contact page and where users are told to ask for help.',
    schema: textSetting(EMAIL_PATTERN, SETTINGS_MSG.supportEmail, { max: LIMITS.emailMax, lower: true, invisibleMessage: SETTINGS_MSG.supportEmailInvisible }),
  },
  supportPhone: {
    env: 'SUPPORT_PHONE',
    kind: 'text',
    label: 'Support phone',
    help: 'Shown in the footer and on the contact page.',
    schema: textSetting(PHONE_PATTERN, SETTINGS_MSG.supportPhone, { max: LIMITS.phoneMax }),
  },
  supportAddress: {
    env: 'SUPPORT_ADDRESS',
    kind: 'text',
    label: 'Contact address',
    help: 'The postal address on the contact page, on one line (such as "Office 12, Example Tower, Dubai, United Arab Emirates").',
    schema: textSetting(ADDRESS_PATTERN, SETTINGS_MSG.supportAddress, { max: 200, invisibleMessage: SETTINGS_MSG.supportAddressInvisible }),
  },
  signupLimitPerHour: {
    env: 'SIGNUP_LIMIT_PER_HOUR',
    kind: 'count',
    label: 'Sign-ups per address and hour',
    help: 'Accounts one client address may create per hour; the next sign-up is refused (429). 0 turns the limit off.',
    schema: countSetting(SETTINGS_MSG.signupLimitPerHour, 1_000_000),
  },
  emailRateLimit: {
    env: 'EMAIL_RATE_LIMIT',
    kind: 'count',
    label: 'E-mails per second',
    help: 'How many notification e-mails each running instance sends per second at most (your mail provider’s sending rate). A burst waits its turn in the queue instead of taking the server’s time from payments. 0 turns the limit off.',
    schema: countSetting(SETTINGS_MSG.emailRateLimit, 10_000),
  },
  admin2fa: {
    env: 'ADMIN_2FA',
    kind: 'text',
    label: 'Two-factor sign-in for admins',
    help: '"required": an admin or super admin without two-factor sign-in is refused every admin page and call until they set it up; "optional": their choice.',
    schema: textSetting(/^(required|optional)$/, SETTINGS_MSG.admin2fa, { max: 8 }),
    choices: ['optional', 'required'],
  },
  referralLevels: {
    env: 'REFERRAL_LEVELS',
    kind: 'text',
    label: 'Referral commission levels (%)',
    help: 'The share of each video reward paid to the earner’s referrer, that referrer’s referrer, and so on up, in percent, separated by commas (up to 10 levels). 0 turns a level off.',
    schema: referralLevelsSetting,
  },
  referralFirstDepositBonus: {
    env: 'REFERRAL_FIRST_DEPOSIT_BONUS',
    kind: 'amount',
    label: 'Referral first-deposit bonus',
    help: 'Points paid to a user’s direct referrer when that user’s first deposit is credited. 0 turns the bonus off.',
    schema: amountOrZero('Referral first-deposit bonus'),
  },
  referralBonusMinDeposit: {
    env: 'REFERRAL_BONUS_MIN_DEPOSIT',
    kind: 'amount',
    label: 'Referral bonus minimum deposit',
    help: 'The first deposit must be at least this much for the referrer to get the first-deposit bonus (a smaller first deposit pays none, ever); the bonus never exceeds the deposit. 12.00 by default, the cheapest package.',
    schema: amountOrZero('Referral bonus minimum deposit'),
  },
  // Withdrawal rules (docs/product.md#withdrawals): every default keeps the product's first behaviour.
  withdrawMin: {
    env: 'WITHDRAW_MIN',
    kind: 'amount',
    label: 'Minimum withdrawal',
    help: 'The smallest withdrawal a user may ask for. 0.01 by default (the product’s).',
    schema: withdrawAmount('Minimum withdrawal'),
  },
  withdrawMax: {
    env: 'WITHDRAW_MAX',
    kind: 'amount',
    label: 'Maximum withdrawal',
    help: 'The largest single withdrawal. 0: no maximum.',
    schema: withdrawAmount('Maximum withdrawal'),
  },
  withdrawFeeFixed: {
    env: 'WITHDRAW_FEE_FIXED',
    kind: 'amount',
    label: 'Withdrawal fee (fixed)',
    help: 'Taken from each withdrawal when it is requested (to the platform’s fee account), returned if the request is deleted. 0: none.',
    schema: withdrawAmount('Withdrawal fee (fixed)'),
  },
  withdrawFeePercent: {
    env: 'WITHDRAW_FEE_PERCENT',
    kind: 'amount',
    label: 'Withdrawal fee (%)',
    help: 'A percentage of each withdrawal taken as a fee, added to the fixed fee (rounded to the cent). 0: none.',
    schema: percentSetting(SETTINGS_MSG.withdrawFeePercent),
  },
  withdrawDailyLimit: {
    env: 'WITHDRAW_DAILY_LIMIT',
    kind: 'amount',
    label: 'Withdrawal limit per user and 24 hours',
    help: 'The most one user may ask to withdraw over any 24 hours (deleted requests do not count). 0: no limit.',
    schema: withdrawAmount('Withdrawal limit per user and 24 hours'),
  },
  withdrawNewAddressHoldHours: {
    env: 'WITHDRAW_NEW_ADDRESS_HOLD_HOURS',
    kind: 'count',
    label: 'New payout address hold (hours)',
    help: 'A withdrawal to an address this user was never paid at before cannot be marked paid until this many hours after the request; the user is told when. 0: off.',
    schema: countSetting(SETTINGS_MSG.withdrawNewAddressHoldHours, 720),
  },
  withdrawFourEyesAbove: {
    env: 'WITHDRAW_FOUR_EYES_ABOVE',
    kind: 'amount',
    label: 'Second admin approval above',
    help: 'A withdrawal larger than this needs the approval of a second admin, other than the one marking it paid. 0: off.',
    schema: withdrawAmount('Second admin approval above'),
  },
  withdrawProofRequired: {
    env: 'WITHDRAW_PROOF_REQUIRED',
    kind: 'text',
    label: 'Payout proof on the chain',
    help: '"required": a withdrawal is marked paid only with its payout transaction id, checked on the chain (the Tron API must be set); "optional": the admin may attach it.',
    schema: textSetting(/^(required|optional)$/, SETTINGS_MSG.withdrawProofRequired, { max: 8 }),
    choices: ['optional', 'required'],
  },
  kycRequired: {
    env: 'KYC_REQUIRED',
    kind: 'text',
    label: 'Identity check for withdrawals',
    help: '"off": withdrawals need no identity check; "withdrawals": every withdrawal request needs a verified user; "withdrawals_above": only requests above the identity check threshold do.',
    schema: textSetting(/^(off|withdrawals|withdrawals_above)$/, SETTINGS_MSG.kycRequired, { max: 17 }),
    choices: ['off', 'withdrawals', 'withdrawals_above'],
  },
  kycThreshold: {
    env: 'KYC_THRESHOLD',
    kind: 'amount',
    label: 'Identity check threshold',
    help: 'With "withdrawals_above": a withdrawal request above this amount needs a verified user.',
    schema: amountOrZero('Identity check threshold'),
  },
  kycDocumentRetentionDays: {
    env: 'KYC_DOCUMENT_RETENTION_DAYS',
    kind: 'count',
    label: 'Identity document retention (days)',
    help: 'The documents of a verified user are deleted this many days after the decision; the decision and who made it are kept. 0 keeps them.',
    schema: countSetting(SETTINGS_MSG.kycDocumentRetentionDays, 36_500),
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** Stored values: cents for amounts, text as entered (trimmed). */
export type SettingsStored = { [K in SettingName]: z.output<(typeof SETTINGS)[K]['schema']> };
/** As JSON in GET /settings: amounts as numbers. */
export type SettingsValues = { [K in SettingName]: (typeof SETTINGS)[K]['kind'] extends 'amount' | 'count' ? number : string };

/** What is shown of a secret: 8 dots and its last 4 characters (enough to tell two keys apart); empty stays empty. */
export const maskSecret = (value: string): string => (value === '' ? '' : `${'•'.repeat(8)}${value.slice(-4)}`);

/** A setting as it leaves the server (API answers, the start-up log, audit records): secrets masked. */
export function settingToJson(name: SettingName, stored: string | number): string | number {
  const def: SettingDefinition = SETTINGS[name];
  if (def.secret) return maskSecret(String(stored));
  return def.kind === 'amount' ? Number(stored) / 100 : stored;
}

export function settingsToJson(stored: SettingsStored): SettingsValues {
  return Object.fromEntries(SETTING_NAMES.map((n) => [n, settingToJson(n, stored[n])])) as SettingsValues;
}

const wireSchema = (kind: SettingKind) => (kind === 'text' ? z.string() : z.number());

/** PUT /settings: any subset; each present value is validated by its setting's schema. Unknown fields are ignored. */
export const settingsUpdateBody = z
  .object(Object.fromEntries(SETTING_NAMES.map((n) => [n, SETTINGS[n].schema.optional()])) as { [K in SettingName]: z.ZodOptional<(typeof SETTINGS)[K]['schema']> })
  .transform((v, ctx) => {
    const patch = Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined)) as Partial<SettingsStored>;
    if (Object.keys(patch).length === 0) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MSG.empty });
      return z.NEVER;
    }
    return patch;
  });
export type SettingsUpdateBody = Partial<Record<SettingName, string | number>>;

export const settingsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  settings: z.object(Object.fromEntries(SETTING_NAMES.map((n) => [n, wireSchema(SETTINGS[n].kind)])) as unknown as { [K in SettingName]: z.ZodType<SettingsValues[K]> }),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
