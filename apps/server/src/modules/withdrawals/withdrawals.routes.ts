import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WITHDRAW_MSG,
  adminWithdrawalRecord,
  adminWithdrawalsQuery,
  centsToNumber,
  deskWithdrawal,
  withdrawBody,
  withdrawPayoutBody,
  withdrawRules,
  withdrawToggleBody,
  withdrawalRecord,
} from '@app/contract';
import { inTransaction } from '../../db/transaction.js';
import { eq } from 'drizzle-orm';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { withdrawals } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { needsCodeWhen2fa } from '../../services/second-factor.js';
import { myRecords } from '../money-records/money-records.service.js';
import { adminRecordsRoute } from '../money-records/money-records.routes.js';
import { assertKycAllows } from '../kyc/kyc-gate.js';
import { lockRecord } from '../money-records/money-records.service.js';
import {
  approveWithdrawal,
  deleteWithdrawal,
  deskCsv,
  deskQueue,
  payWithProof,
  requestWithdrawal,
  toggleWithdrawal,
  withdrawRuleSet,
  withdrawalRecords,
} from './withdrawals.service.js';
import { provePayout } from './payout-proof.js';

const idParams = z.object({ id: z.string().trim().min(1).max(200) });

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const tags = ['withdrawals'];
  const ruleContext = () => ({ rules: withdrawRuleSet(app.settings), now: clock() });
  allowEmptyJsonBody(app);

  app.post(
    '/withdraw',
    {
      onRequest: requireUser,
      // With two-factor sign-in on, a current `code` in the body.
      ...needsCodeWhen2fa,
      schema: {
        tags,
        summary: 'Request a withdrawal; the amount is held at once (accepts an Idempotency-Key header)',
        body: withdrawBody,
        response: { 201: okResponse.extend({ withdrawal: withdrawalRecord }) },
      },
    },
    async (req, reply) => {
      const { rules, now } = ruleContext();
      return runMoneyOperation(db, req, reply, async (tx) => {
        await assertKycAllows(tx, app.settings, currentUser(req).id, req.body.amount);
        const { record, held } = await requestWithdrawal(tx, currentUser(req).id, req.body, rules, now);
        const message = held && record.payableAfter ? WITHDRAW_MSG.submittedHeld(record.payableAfter) : WITHDRAW_MSG.submitted;
        return { status: 201, body: { success: true, message, withdrawal: record } };
      });
    },
  );

  app.get(
    '/withdraw/rules',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The withdrawal rules in force: minimum, maximum, fee, 24-hour limit, new-address hold', response: { 200: okResponse.extend({ rules: withdrawRules }) } },
    },
    async () => {
      const r = withdrawRuleSet(app.settings);
      return {
        success: true,
        message: 'ok',
        rules: {
          min: centsToNumber(r.minCents),
          max: centsToNumber(r.maxCents),
          feeFixed: centsToNumber(r.feeFixedCents),
          feePercent: r.feePercentBp / 100,
          dailyLimit: centsToNumber(r.dailyLimitCents),
          newAddressHoldHours: r.holdHours,
        },
      };
    },
  );

  app.get(
    '/withdraw/my-withdrawals',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The caller’s withdrawals, newest first', response: { 200: okResponse.extend({ withdrawals: z.array(withdrawalRecord) }) } },
    },
    async (req) => ({ success: true, message: WITHDRAW_MSG.list, withdrawals: await myRecords(db, withdrawalRecords, currentUser(req).id) }),
  );

  adminRecordsRoute(app, {
    url: '/withdraw',
    tags,
    summary: 'All withdrawals (admin), newest first; filter by status and e-mail. Without page and limit: every one, up to 10,000 (capped: true beyond)',
    key: 'withdrawals',
    querystring: adminWithdrawalsQuery,
    record: adminWithdrawalRecord,
    message: WITHDRAW_MSG.list,
    kind: withdrawalRecords,
  });

  app.get(
    '/withdraw/desk',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The pending withdrawals, oldest first (up to 500), each with its rule state: held until, awaiting a second admin, approved by (admin)',
        response: { 200: okResponse.extend({ withdrawals: z.array(deskWithdrawal) }) },
      },
    },
    async () => {
      const { rules, now } = ruleContext();
      return { success: true, message: WITHDRAW_MSG.list, withdrawals: await deskQueue(db, rules, now) };
    },
  );

  app.get(
    '/withdraw/approved.csv',
    { onRequest: requireAdmin, schema: { tags, summary: 'The pending withdrawals payable now (not held, approved where needed) as CSV (address,net_amount,id) for a wallet’s batch send (admin)' } },
    async (_req, reply) => {
      const { rules, now } = ruleContext();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="withdrawals-approved.csv"')
        .send(deskCsv(await deskQueue(db, rules, now, true)));
    },
  );

  app.post(
    '/withdraw/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Mark a withdrawal processed, or pending again (admin); {id} is the _id or a unique paymentId',
        params: idParams,
        body: withdrawToggleBody,
        response: { 200: okResponse.extend({ withdrawed: z.boolean() }) },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        const r = await toggleWithdrawal(tx, currentUser(req).id, req.params.id, req.body?.withdrawed, ruleContext());
        return { body: { success: true, message: r.message, withdrawed: r.withdrawed } };
      }),
  );

  app.post(
    '/withdraw/:id/approve',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Approve a pending withdrawal (admin): above the four-eyes threshold, it is marked paid only with another admin’s approval',
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        await approveWithdrawal(tx, currentUser(req).id, req.params.id);
        return { body: { success: true, message: WITHDRAW_MSG.approved } };
      }),
  );

  app.post(
    '/withdraw/:id/payout',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Mark a withdrawal paid with its payout transaction id (admin), checked on the chain: solidified, SUCCESS, USDT to exactly its address for exactly its net amount',
        params: idParams,
        body: withdrawPayoutBody,
        response: { 200: okResponse.extend({ withdrawed: z.boolean(), payoutTxId: z.string() }) },
      },
    },
    async (req, reply) => {
      const txId = req.body.transactionId;
      // Read first (no lock held while the chain is asked), then checked on the chain, then paid under the lock.
      const w = await inTransaction(db, (tx) => lockRecord(tx, withdrawalRecords, req.params.id));
      if (w.withdrawed) throw conflict(WITHDRAW_MSG.alreadyInState);
      const used = await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.payoutTxId, txId)).limit(1);
      if (used.length > 0) throw conflict(WITHDRAW_MSG.txUsed);
      const checked = { paymentId: w.paymentId, netCents: w.amountCents - w.feeCents };
      await provePayout(app.settings, txId, checked.paymentId, checked.netCents);
      return runMoneyOperation(db, req, reply, async (tx) => {
        await payWithProof(tx, currentUser(req).id, w.id, txId, checked, ruleContext());
        return { body: { success: true, message: WITHDRAW_MSG.paidOnChain, withdrawed: true, payoutTxId: txId } };
      });
    },
  );

  app.delete(
    '/withdraw/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Delete (hide) a withdrawal (admin); a pending one is refunded first',
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        const r = await deleteWithdrawal(tx, currentUser(req).id, req.params.id);
        return { body: { success: true, message: r.refunded ? WITHDRAW_MSG.deletedRefunded : WITHDRAW_MSG.deleted } };
      }),
  );
};
