// Withdrawal requests (docs/product.md#api; docs/money.md): the amount is held at once and paid out by an admin.
import { z } from 'zod';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { LIMITS } from './constants.js';
import { amountCents } from './money.js';
import { adminListQuery } from './admin.js';
import { TEXT_MSG, oneLineText } from './one-line.js';

export const WITHDRAW_MSG = {
  submitted: 'Withdrawal request submitted. The amount is held until it is processed.',
  paymentIdRequired: 'Payout address is required',
  amountRequired: 'Amount is required',
  insufficient: 'Insufficient points',
  list: 'Withdrawals fetched successfully',
  notFound: 'Withdrawal not found',
  ambiguous: 'Several withdrawals have this payout address; use the withdrawal _id',
  processed: 'Withdrawal marked as processed',
  unprocessed: 'Withdrawal marked as pending again',
  alreadyInState: 'The withdrawal is already in that state',
  deletedRefunded: 'Withdrawal request deleted and the amount refunded',
  deleted: 'Withdrawal request deleted',
  address: 'Payout address must be a Tron (TRC20) address: 34 characters starting with T, letters and digits only',
  checksum: 'Payout address is not a valid Tron address: its checksum does not match (check it for a typo)',
  belowMin: (min: string) => `The smallest withdrawal is ${min} USDT`,
  aboveMax: (max: string) => `The largest withdrawal is ${max} USDT`,
  feeTooHigh: (fee: string) => `The fee (${fee} USDT) takes the whole amount: ask for more`,
  dailyLimit: (limit: string, left: string) => `This exceeds your withdrawal limit of ${limit} USDT per 24 hours (${left} USDT left)`,
  submittedHeld: (until: string) => `Withdrawal request submitted. The amount is held; this address is new, so it can be paid from ${until}.`,
  heldUntil: (until: string) => `The payout address is new: this withdrawal can be paid from ${until}`,
  fourEyes: 'A second admin (not the one marking it paid) must approve this withdrawal first',
  approved: 'Withdrawal approved',
  alreadyApproved: 'You have already approved this withdrawal',
  approveNotPending: 'Only a pending withdrawal can be approved',
  proofRequired: 'A payout transaction id is required: mark it paid with its transaction id',
  provenOnChain: 'This withdrawal was proven paid on the chain; it cannot be marked pending again',
  chainOff: 'The chain API is not configured: a payout cannot be checked on the chain',
  txFormat: 'Transaction id must be 64 hexadecimal characters',
  txUsed: 'This transaction already pays another withdrawal',
  txNotSolid: 'The transaction is not solidified on the chain yet: try again in a minute',
  txReverted: 'The transaction failed on the chain (reverted): no USDT moved',
  txNotUsdt: 'The transaction holds no USDT transfer',
  txWrongRecipient: 'The transaction pays USDT to another address than this withdrawal’s',
  txWrongAmount: (net: string) => `The transaction does not pay exactly the net amount (${net} USDT)`,
  chainUnavailable: 'The chain API could not be asked: try again in a minute',
  paidOnChain: 'Withdrawal marked as processed: the payout was found on the chain',
} as const;

const base58check = createBase58check(sha256);
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Why `text` is not a Tron address, or null when it is one: base58check of 21 bytes (0x41 + the 20-byte account),
 * 34 characters starting with T. 'address': not that shape (too short, a 0x… address, a space inside); 'checksum':
 * the shape is right but the last 4 bytes do not match (a typo).
 */
export function tronAddressProblem(text: string): 'address' | 'checksum' | null {
  if (text.length !== 34 || text[0] !== 'T' || !BASE58.test(text)) return 'address';
  try {
    const bytes = base58check.decode(text);
    return bytes.length === 21 && bytes[0] === 0x41 ? null : 'address';
  } catch {
    return 'checksum';
  }
}

export const withdrawBody = z.object({
  amount: z.unknown().optional().superRefine((v, ctx) => {
    if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: WITHDRAW_MSG.amountRequired });
  }).pipe(amountCents()),
  // One line: the payout address is quoted in the user's notifications and e-mails and on the admins' desk.
  paymentId: oneLineText(TEXT_MSG.paymentId, {
    typeMessage: WITHDRAW_MSG.paymentIdRequired,
    min: 1,
    minMessage: WITHDRAW_MSG.paymentIdRequired,
    max: LIMITS.paymentIdMax,
    maxMessage: `Payout address must be at most ${LIMITS.paymentIdMax} characters`,
  }).superRefine((v, ctx) => {
    // The payout goes to this address: anything that is not a Tron address (checksum included) is refused.
    const problem = tronAddressProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'checksum' ? WITHDRAW_MSG.checksum : WITHDRAW_MSG.address });
  }),
});

/** The fee of a withdrawal of `amountCents`: fixed + percent (in basis points) of the amount, rounded half up. */
export function withdrawalFeeCents(amountCents: number, rule: { fixedCents: number; percentBp: number }): number {
  return rule.fixedCents + Math.floor((amountCents * rule.percentBp + 5_000) / 10_000);
}

/** Where a user can see a payout transaction. */
export const explorerTxUrl = (txId: string) => `https://tronscan.org/#/transaction/${txId}`;

/** POST /withdraw/{id}/payout: the payout's Tron transaction id (64 hex digits, 0x and spaces around allowed). */
export const withdrawPayoutBody = z.object({
  transactionId: z
    .string({ error: WITHDRAW_MSG.txFormat })
    .trim()
    .transform((v) => v.replace(/^0x/i, '').toLowerCase())
    .refine((v) => /^[0-9a-f]{64}$/.test(v), WITHDRAW_MSG.txFormat),
});

/** What the withdrawal form shows before the user confirms (GET /withdraw/rules). */
export const withdrawRules = z.object({
  min: z.number(),
  max: z.number(),
  feeFixed: z.number(),
  feePercent: z.number(),
  dailyLimit: z.number(),
  newAddressHoldHours: z.number(),
});
export type WithdrawRules = z.infer<typeof withdrawRules>;

export const withdrawalRecord = z.object({
  _id: z.string(),
  amount: z.number(),
  paymentId: z.string(),
  withdrawed: z.boolean(),
  createdAt: z.string(),
  /** The fee taken at the request, and what is paid out (amount − fee). */
  fee: z.number(),
  net: z.number(),
  /** A new payout address: not payable before this time (ISO); null when not held. */
  payableAfter: z.string().nullable(),
  /** The payout's transaction on the chain, once proven. */
  payoutTxId: z.string().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

export const adminWithdrawalRecord = withdrawalRecord.extend({ email: z.string(), userId: z.string() });
export type AdminWithdrawalRecord = z.infer<typeof adminWithdrawalRecord>;

/** One request on the admins' desk: where it stands against the rules. */
export const deskWithdrawal = adminWithdrawalRecord.extend({
  /** The admins who approved it (four-eyes), by e-mail; only current admins count. */
  approvedBy: z.array(z.string()),
  /** The new-address hold: not payable before this time (null: payable now). */
  heldUntil: z.string().nullable(),
  /** Above the four-eyes threshold and no admin's approval yet. */
  awaitingSecondAdmin: z.boolean(),
});
export type DeskWithdrawal = z.infer<typeof deskWithdrawal>;

export const withdrawalStatus = z.enum(['pending', 'processed']);
export const adminWithdrawalsQuery = adminListQuery(withdrawalStatus);

/** Optional body of POST /withdraw/{id}: without it the call toggles; with it, it sets that state. */
export const withdrawToggleBody = z.object({ withdrawed: z.boolean().optional() }).nullish();
