import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAIN_MSG,
  adminDepositAddress,
  assignTransferBody,
  unmatchedQuery,
  chainHealth as chainHealthSchema,
  depositAddressesQuery,
  depositRequestBody,
  depositRequestRecord,
  ownDepositAddress as ownDepositAddressSchema,
  sweepMarkBody,
  unmatchedTransfer,
} from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { UUID_PATTERN, allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { AppError, notFound } from '../../errors.js';
import { referralRules } from '../referrals/referrals.service.js';
import { chainSettings } from './chain-settings.js';
import { createRequest, readRequest } from './payment-requests.js';
import { assignTransfer, chainHealth, dismissTransfer, listUnmatched } from './unmatched.js';
import { depositAddressesCsv, listDepositAddresses, markSwept, ownDepositAddress } from './deposit-addresses.js';
import { inTransaction } from '../../db/transaction.js';

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
      if (!s?.depositAddress) throw new AppError(409, CHAIN_MSG.notEnabled);
      const r = await inTransaction(db, (tx) => createRequest(tx, currentUser(req).id, req.body.amount, s, clock()));
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

  // ---- Per-user deposit addresses ----

  app.get(
    '/deposit/address',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The caller’s own deposit address (made once from TRON_XPUB), the minimum deposit, and the last transfers seen to it',
        response: { 200: okResponse.extend({ deposit: ownDepositAddressSchema }) },
      },
    },
    async (req) => {
      const s = chainSettings(settings);
      if (!s?.xpub) throw new AppError(409, CHAIN_MSG.addressesOff);
      return { success: true, message: CHAIN_MSG.addressFound, deposit: await ownDepositAddress(db, currentUser(req).id, s) };
    },
  );

  app.get(
    '/deposit/addresses',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Every user’s deposit address (admin), newest first: index, total received, last deposit; the total held since the last sweep mark',
        querystring: depositAddressesQuery,
        response: {
          200: okResponse.extend({
            addresses: z.array(adminDepositAddress),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
            heldSinceSweep: z.number(),
            sweepMarkAt: z.string().nullable(),
          }),
        },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      return { success: true, message: CHAIN_MSG.addressList, ...(await listDepositAddresses(db, { page, limit })), page, limit };
    },
  );

  app.get(
    '/deposit/addresses.csv',
    { onRequest: requireAdmin, schema: { tags, summary: 'The addresses that received USDT since the last sweep mark, as CSV (index,address,total,key_id) for the operator’s wallet (admin)' } },
    async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="deposit-addresses.csv"')
        .send(await depositAddressesCsv(db)),
  );

  app.post(
    '/deposit/addresses/sweep',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Record that the operator swept the deposit addresses as of `at`: totals count again from then (admin; audited)',
        body: sweepMarkBody,
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        const at = new Date(req.body.at);
        if (at.getTime() > clock().getTime() + 60_000) throw new AppError(400, CHAIN_MSG.sweepAt);
        await markSwept(tx, currentUser(req).id, at);
        return { body: { success: true, message: CHAIN_MSG.sweepMarked } };
      }),
  );
};
