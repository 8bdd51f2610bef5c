import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAIN_MSG, assignTransferBody, unmatchedQuery, chainHealth as chainHealthSchema, depositRequestBody, depositRequestRecord, unmatchedTransfer } from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { UUID_PATTERN, allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { AppError, notFound } from '../../errors.js';
import { referralRules } from '../referrals/referrals.service.js';
import { assignTransfer, chainHealth, chainSettings, createRequest, dismissTransfer, listUnmatched, readRequest } from './chain-deposits.service.js';

const transferParams = z.object({ id: z.string().trim().min(1).max(40) });
const requestParams = z.object({ id: z.string().trim().min(1).max(40) });

export const chainDepositRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const { settings } = app;
  const tags = ['deposits'];
  allowEmptyJsonBody(app);

  app.post(
    '/deposit/request',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A payment request: the exact amount (payAmount) to send to the deposit address, and until when (chain deposits only)',
        body: depositRequestBody,
        response: { 200: okResponse.extend({ request: depositRequestRecord }), 201: okResponse.extend({ request: depositRequestRecord }) },
      },
    },
    async (req, reply) => {
      const s = chainSettings(settings);
      if (!s) throw new AppError(409, CHAIN_MSG.notEnabled);
      const r = await db.transaction((tx) => createRequest(tx, currentUser(req).id, req.body.amount, s, clock()));
      return reply.status(r.created ? 201 : 200).send({ success: true, message: CHAIN_MSG.requestCreated, request: r.request });
    },
  );

  app.get(
    '/deposit/request/:id',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'One of the caller’s payment requests: awaiting → confirming → credited, or expired', params: requestParams, response: { 200: okResponse.extend({ request: depositRequestRecord }) } },
    },
    async (req) => {
      if (!UUID_PATTERN.test(req.params.id)) throw notFound(CHAIN_MSG.requestNotFound);
      return { success: true, message: CHAIN_MSG.requestFound, request: await readRequest(db, currentUser(req).id, req.params.id.toLowerCase(), clock()) };
    },
  );

  app.get(
    '/deposit/unmatched',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Transfers seen on the chain that credited nobody (admin), newest first, with the poller’s health',
        querystring: unmatchedQuery,
        response: { 200: okResponse.extend({ transfers: z.array(unmatchedTransfer), total: z.number(), page: z.number(), limit: z.number(), health: chainHealthSchema }) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const [list, health] = await Promise.all([listUnmatched(db, { page, limit }), chainHealth(db, chainSettings(settings) !== null)]);
      return { success: true, message: CHAIN_MSG.unmatchedList, ...list, page, limit, health };
    },
  );

  app.post(
    '/deposit/unmatched/:id/assign',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Credit an unmatched transfer to a user by e-mail (admin; audited; once)', params: transferParams, body: assignTransferBody, response: { 200: okResponse } },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        await assignTransfer(tx, currentUser(req).id, req.params.id, req.body.email, chainSettings(settings), referralRules(settings));
        return { body: { success: true, message: CHAIN_MSG.assigned } };
      }),
  );

  app.post(
    '/deposit/unmatched/:id/dismiss',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Dismiss an unmatched transfer without crediting anyone (admin; audited)', params: transferParams, response: { 200: okResponse } },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        await dismissTransfer(tx, currentUser(req).id, req.params.id);
        return { body: { success: true, message: CHAIN_MSG.dismissed } };
      }),
  );
};
