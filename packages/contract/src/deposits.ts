// Deposit claims (docs/product.md#api; docs/money.md): a claim moves no money until an admin approves it.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { amountCents } from './money.js';
import { adminListQuery } from './admin.js';

export const DEPOSIT_MSG = {
  /** MIN_DEPOSIT: a payment request or a deposit form below it is refused. */
  belowMinimum: (amount: string) => `The minimum deposit is ${amount} USDT. Enter an amount of at least ${amount}.`,
  submitted: 'Deposit request submitted. It will be credited once approved.',
  duplicate: 'This transaction ID has already been submitted',
  transactionIdRequired: 'Transaction ID is required',
  transactionIdInvalid: 'Enter the transaction ID (TXID) of your TRC20 transfer: 64 hexadecimal characters, or its Tronscan link',
  amountRequired: 'Amount is required',
  list: 'Deposits fetched successfully',
  notFound: 'Deposit not found',
  ambiguous: 'Several deposits match this ID; use the deposit _id',
  accountClosed: 'This account is closed',
  approved: 'Deposit approved and credited',
  reverted: 'Deposit marked as pending again and its amount taken back',
  alreadyInState: 'The deposit is already in that state',
  revertImpossible: 'The user no longer has enough points to revert this deposit',
  deleted: 'Deposit form deleted successfully',
} as const;

const TRON_HASH = /^(?:0[xX])?([0-9a-fA-F]{64})$/;
const TRONSCAN_HOST = /^(?:www\.)?tronscan\.(?:org|io)$/;
const TRONSCAN_ROUTE = /^\/?transaction\/([0-9a-fA-F]{64})\/?$/;

const ASCII_SPACE = new Set([' ', '\t', '\n', '\r', '\f', '\v']);

/** Trims ASCII whitespace only (String.trim would also drop a byte-order mark and other invisible marks). */
function trimAsciiSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && ASCII_SPACE.has(text[start])) start++;
  while (end > start && ASCII_SPACE.has(text[end - 1])) end--;
  return text.slice(start, end);
}

/**
 * The chain transaction a pasted transaction ID names, as 64 lower-case hex digits, or null when it names none.
 * Accepted: the hash in any case, with one optional `0x`, with surrounding whitespace, or a Tronscan transaction
 * link (`https://tronscan.org/#/transaction/<hash>`). Anything else (a second `0x`, zero-width or other invisible
 * characters, a space inside, fullwidth digits, other links) names no transaction: one chain transaction has
 * exactly one accepted spelling after this, so it can be claimed once.
 */
export function parseTransactionHash(text: string): string | null {
  const t = trimAsciiSpace(text);
  const direct = TRON_HASH.exec(t);
  if (direct) return direct[1].toLowerCase();
  if (!/^https:\/\//i.test(t) || t.length > 300) return null;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return null;
  }
  if (!TRONSCAN_HOST.test(url.hostname) || url.username || url.password || url.port) return null;
  // Tronscan's links put the route in the fragment (#/transaction/<hash>); accept the plain path form too.
  const route = url.hash ? url.hash.slice(1).split('?')[0] : url.pathname;
  if (url.hash && url.pathname !== '/') return null;
  const m = TRONSCAN_ROUTE.exec(route);
  return m ? m[1].toLowerCase() : null;
}

/**
 * The uniqueness key of a transaction ID: a Tron hash lower-cased without 0x. Kept lenient (otherwise trimmed
 * text) for looking up claims recorded before transaction IDs had to be chain hashes.
 */
export function transactionKey(transactionId: string): string {
  return parseTransactionHash(transactionId) ?? transactionId.trim();
}

export const depositBody = z.object({
  amount: z.unknown().optional().superRefine((v, ctx) => {
    if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: DEPOSIT_MSG.amountRequired });
  }).pipe(amountCents()),
  transactionId: z
    .string({ error: DEPOSIT_MSG.transactionIdRequired })
    .max(LIMITS.transactionIdMax, `Transaction ID must be at most ${LIMITS.transactionIdMax} characters`)
    .transform((text, ctx) => {
      const hash = parseTransactionHash(text);
      if (hash === null) {
        ctx.addIssue({ code: 'custom', message: text.trim() === '' ? DEPOSIT_MSG.transactionIdRequired : DEPOSIT_MSG.transactionIdInvalid });
        return z.NEVER;
      }
      return hash;
    }),
});

/** A deposit as its owner sees it. */
export const depositRecord = z.object({
  _id: z.string(),
  amount: z.number(),
  transactionId: z.string(),
  deposited: z.boolean(),
  createdAt: z.string(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

/** A deposit as an admin sees it: with the owner's e-mail. */
export const adminDepositRecord = depositRecord.extend({ email: z.string(), userId: z.string() });
export type AdminDepositRecord = z.infer<typeof adminDepositRecord>;

export const depositStatus = z.enum(['pending', 'deposited']);
export const adminDepositsQuery = adminListQuery(depositStatus);

/** Optional body of POST /deposit/deposit/{id}: without it the call toggles; with it, it sets that state. */
export const depositToggleBody = z.object({ deposited: z.boolean().optional() }).nullish();
