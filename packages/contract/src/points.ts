// Transfers between users (docs/product.md#validation, #api; docs/money.md).
import { z } from 'zod';
import { LIMITS, MSG } from './constants.js';
import { amountCents } from './money.js';
import { emailField } from './auth.js';

/** Server answers of the money calls, shared so the client can show or match them. */
export const POINTS_MSG = {
  transferred: 'Points transferred successfully',
  recipientNotFound: 'Recipient not found',
  selfTransfer: 'You cannot transfer points to yourself',
  insufficient: 'Insufficient points',
} as const;

const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/** POST /point/transfer {recipientEmail, points}: e-mail case-insensitive, points → integer cents. */
export const transferBody = z
  .object({ recipientEmail: z.unknown().optional(), points: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (!present(v.recipientEmail) || !present(v.points)) ctx.addIssue({ code: 'custom', message: MSG.transferFillAll });
  })
  .pipe(
    z.object({
      recipientEmail: z
        .string({ error: MSG.transferFillAll })
        .trim()
        .max(LIMITS.emailMax, MSG.invalidEmail)
        .transform((e) => e.normalize('NFC').toLowerCase()),
      points: amountCents(),
    }),
  );


/**
 * The transfer page's checks before anything is sent (docs/security.md#recipient-lookup). One refusal for an
 * unknown, a closed account and oneself, so the answer never tells them apart.
 */
export const RECIPIENT_MSG = {
  found: 'Recipient found',
  notFound: 'No account with this e-mail',
  tooMany: 'Too many look-ups. Please wait a few minutes and try again.',
  recent: 'Recent recipients',
} as const;

/** Look-ups per user in RECIPIENT_LOOKUP_WINDOW_MS; every look-up counts, found or not. */
export const RECIPIENT_LOOKUPS_PER_WINDOW = 30;
export const RECIPIENT_LOOKUP_WINDOW_MS = 15 * 60 * 1000;
/** How many people GET /user/recent-recipients names. */
export const RECENT_RECIPIENTS_MAX = 5;

/** POST /user/lookup-recipient {email}: an exact address, normalised as sign-up normalises it. */
export const lookupRecipientBody = z.object({ email: emailField });

export const recipientSchema = z.object({ name: z.string(), initials: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;
export const recentRecipientSchema = recipientSchema.extend({ email: z.string() });
export type RecentRecipient = z.infer<typeof recentRecipientSchema>;

/** The first letter of the first and the last word of a name ("Sara Al Amin" → "SA"), for an avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '?';
  const first = (w: string) => Array.from(w)[0] ?? '';
  const picked = words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
  return picked.toLocaleUpperCase('en');
}

/** One line of GET /user/statement: amount is signed (+ credit, − debit); balance is the balance after it. */
export const statementEntry = z.object({
  _id: z.string(),
  kind: z.string(),
  amount: z.number(),
  balance: z.number(),
  description: z.string(),
  createdAt: z.string(),
  /** The other person by name (a transfer's sender or recipient, a referral's member), for the activity feed;
   * null when the entry has none. Added beside the original fields, which keep their names and meaning. */
  counterparty: z.string().nullable(),
  /** A transfer's other party's e-mail, shown only in an entry's detail view; null otherwise. */
  counterpartyEmail: z.string().nullable(),
  /** The transaction ID, payout address or hash the entry refers to (detail view, with a copy button). */
  reference: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const statementQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be the nextCursor of a previous page')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const statementResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  balance: z.number(),
  entries: z.array(statementEntry),
  nextCursor: z.string().nullable(),
});

export const STATEMENT_CSV_HEADER = 'date,type,description,amount,balance';

export const SUBSCRIPTION_MSG = {
  activated: 'Subscription activated successfully',
  already: 'You are already subscribed',
  /** The minimum counts money that entered the platform for this user, not points passed on by transfer. */
  depositFirst: (minimumText: string) => `Please deposit at least ${minimumText} points to activate subscription.`,
} as const;
