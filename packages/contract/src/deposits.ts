// Deposit claims (spec §7; DESIGN §5): a claim moves no money until an admin approves it.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { amountCents } from './money.js';
import { adminListQuery } from './admin.js';

export const DEPOSIT_MSG = {
  submitted: 'Deposit request submitted. It will be credited once approved.',
  duplicate: 'This transaction ID has already been submitted',
  transactionIdRequired: 'Transaction ID is required',
  amountRequired: 'Amount is required',
  list: 'Deposits fetched successfully',
  notFound: 'Deposit not found',
  ambiguous: 'Several deposits match this ID; use the deposit _id',
  approved: 'Deposit approved and credited',
  reverted: 'Deposit marked as pending again and its amount taken back',
  alreadyInState: 'The deposit is already in that state',
  revertImpossible: 'The user no longer has enough points to revert this deposit',
  deleted: 'Deposit form deleted successfully',
} as const;

const TRON_HASH = /^(?:0x)?([0-9a-fA-F]{64})$/;

/** The uniqueness key of a transaction ID: trimmed; a Tron hash lower-cased without 0x. */
export function transactionKey(transactionId: string): string {
  const t = transactionId.trim();
  const m = TRON_HASH.exec(t);
  return m ? m[1].toLowerCase() : t;
}

export const depositBody = z.object({
  amount: z.unknown().optional().superRefine((v, ctx) => {
    if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: DEPOSIT_MSG.amountRequired });
  }).pipe(amountCents()),
  transactionId: z
    .string({ error: DEPOSIT_MSG.transactionIdRequired })
    .trim()
    .min(1, DEPOSIT_MSG.transactionIdRequired)
    .max(LIMITS.transactionIdMax, `Transaction ID must be at most ${LIMITS.transactionIdMax} characters`),
});
export type DepositBody = z.input<typeof depositBody>;

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
