import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WITHDRAW_MSG, adminWithdrawalRecord, adminWithdrawalsQuery, withdrawBody, withdrawToggleBody, withdrawalRecord } from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { needsCodeWhen2fa } from '../../services/second-factor.js';
import { myRecords } from '../money-records/money-records.service.js';
import { adminRecordsRoute } from '../money-records/money-records.routes.js';
import { assertKycAllows } from '../kyc/kyc-gate.js';
import { deleteWithdrawal, requestWithdrawal, toggleWithdrawal, withdrawalRecords } from './withdrawals.service.js';

const idParams = z.object({ id: z.string().trim().min(1).max(200) });

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['withdrawals'];
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
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        await assertKycAllows(tx, app.settings, currentUser(req).id, req.body.amount);
        return { status: 201, body: { success: true, message: WITHDRAW_MSG.submitted, withdrawal: await requestWithdrawal(tx, currentUser(req).id, req.body) } };
      }),
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
        const r = await toggleWithdrawal(tx, currentUser(req).id, req.params.id, req.body?.withdrawed);
        return { body: { success: true, message: r.message, withdrawed: r.withdrawed } };
      }),
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
