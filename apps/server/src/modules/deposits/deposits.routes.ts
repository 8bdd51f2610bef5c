import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEPOSIT_MSG, formatCents, adminDepositRecord, adminDepositsQuery, depositBody, depositRecord, depositToggleBody } from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { badRequest } from '../../errors.js';
import { referralRules } from '../referrals/referrals.service.js';
import { chainSettings, claimOnChain } from '../chain-deposits/chain-deposits.service.js';
import { myRecords } from '../money-records/money-records.service.js';
import { adminRecordsRoute } from '../money-records/money-records.routes.js';
import { createDeposit, deleteDeposit, depositRecords, toggleDeposit } from './deposits.service.js';

const idParams = z.object({ id: z.string().trim().min(1).max(200) });

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['deposits'];
  allowEmptyJsonBody(app);

  app.post(
    '/deposit/deposit',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Claim a deposit (a pending record; no money moves until an admin approves it)',
        body: depositBody,
        // 201 with `deposit`: a claim for an admin (chain deposits off); 201 without: credited at once from the
        // chain; 202: held (not solid yet, or matching none of the caller's payment requests).
        response: { 201: okResponse.extend({ deposit: depositRecord.optional() }), 202: okResponse },
      },
    },
    async (req, reply) => {
      // MIN_DEPOSIT: a claim below it is refused, whichever way deposits are confirmed.
      const min = app.settings.get('minDeposit');
      if (req.body.amount < min) throw badRequest(DEPOSIT_MSG.belowMinimum(formatCents(min)));
      // Chain deposits on (TRON_API_URL set): the pasted id is checked on the chain instead (chain-deposits module).
      const chain = chainSettings(app.settings);
      if (chain) {
        const r = await claimOnChain(db, chain, currentUser(req).id, req.body, app.deps.clock());
        return reply.status(r.status).send({ success: true, message: r.message });
      }
      return runMoneyOperation(db, req, reply, async (tx) => ({
        status: 201,
        body: { success: true, message: DEPOSIT_MSG.submitted, deposit: await createDeposit(tx, currentUser(req).id, req.body) },
      }));
    },
  );

  app.get(
    '/deposit/my-deposits',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s deposits, newest first', response: { 200: okResponse.extend({ deposits: z.array(depositRecord) }) } } },
    async (req) => ({ success: true, message: DEPOSIT_MSG.list, deposits: await myRecords(db, depositRecords, currentUser(req).id) }),
  );

  adminRecordsRoute(app, {
    url: '/deposit/deposit',
    tags,
    summary: 'All deposits (admin), newest first; filter by status and e-mail. Without page and limit: every one, up to 10,000 (capped: true beyond)',
    key: 'deposits',
    querystring: adminDepositsQuery,
    record: adminDepositRecord,
    message: DEPOSIT_MSG.list,
    kind: depositRecords,
  });

  app.post(
    '/deposit/deposit/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Approve a pending deposit or revert an approved one (admin); {id} is the _id or a unique transactionId',
        params: idParams,
        body: depositToggleBody,
        response: { 200: okResponse.extend({ deposited: z.boolean() }) },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        const r = await toggleDeposit(tx, currentUser(req).id, req.params.id, req.body?.deposited, referralRules(app.settings));
        return { body: { success: true, message: r.message, deposited: r.deposited } };
      }),
  );

  app.delete(
    '/deposit/deposit/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Delete (hide) a deposit (admin); an approved one is reverted first, 409 if that is impossible',
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        await deleteDeposit(tx, currentUser(req).id, req.params.id);
        return { body: { success: true, message: DEPOSIT_MSG.deleted } };
      }),
  );
};
