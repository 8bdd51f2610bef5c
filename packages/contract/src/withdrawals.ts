// Withdrawal requests (docs/product.md#api; docs/money.md): the amount is held at once and paid out by an admin.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { amountCents } from './money.js';
import { adminListQuery } from './admin.js';
import { TEXT_MSG, oneLineText } from './one-line.js';

export const WITHDRAW_MSG = {
  submitted: 'Withdrawal request submitted. The amount is held until it is processed.',
  paymentIdRequired: 'Payment ID is required',
  amountRequired: 'Amount is required',
  insufficient: 'Insufficient points',
  list: 'Withdrawals fetched successfully',
  notFound: 'Withdrawal not found',
  ambiguous: 'Several withdrawals have this payment ID; use the withdrawal _id',
  processed: 'Withdrawal marked as processed',
  unprocessed: 'Withdrawal marked as pending again',
  alreadyInState: 'The withdrawal is already in that state',
  deletedRefunded: 'Withdrawal request deleted and the amount refunded',
  deleted: 'Withdrawal request deleted',
} as const;

export const withdrawBody = z.object({
  amount: z.unknown().optional().superRefine((v, ctx) => {
    if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: WITHDRAW_MSG.amountRequired });
  }).pipe(amountCents()),
  // One line: the payment id is quoted in the user's notifications and e-mails and on the admins' desk.
  paymentId: oneLineText(TEXT_MSG.paymentId, {
    typeMessage: WITHDRAW_MSG.paymentIdRequired,
    min: 1,
    minMessage: WITHDRAW_MSG.paymentIdRequired,
    max: LIMITS.paymentIdMax,
    maxMessage: `Payment ID must be at most ${LIMITS.paymentIdMax} characters`,
  }),
});

export const withdrawalRecord = z.object({
  _id: z.string(),
  amount: z.number(),
  paymentId: z.string(),
  withdrawed: z.boolean(),
  createdAt: z.string(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

export const adminWithdrawalRecord = withdrawalRecord.extend({ email: z.string(), userId: z.string() });
export type AdminWithdrawalRecord = z.infer<typeof adminWithdrawalRecord>;

export const withdrawalStatus = z.enum(['pending', 'processed']);
export const adminWithdrawalsQuery = adminListQuery(withdrawalStatus);

/** Optional body of POST /withdraw/{id}: without it the call toggles; with it, it sets that state. */
export const withdrawToggleBody = z.object({ withdrawed: z.boolean().optional() }).nullish();
