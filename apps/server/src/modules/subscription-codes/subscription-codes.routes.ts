// Subscription codes (README "Drop-in for clients written to the public API"): the calls a public-API client's
// subscription screen makes. Admins generate and list; any logged-in user applies one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUBSCRIPTION_CODE_MSG, addCodeBody, addCodeResponse, allCodesResponse, applyCodeBody } from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { applySubscriptionCode, createSubscriptionCode, listSubscriptionCodes } from './subscription-codes.service.js';

export const subscriptionCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['subscription'];
  allowEmptyJsonBody(app);

  app.post(
    '/subscription/add-code',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Generate a single-use subscription code (admins; empty body; audited)', body: addCodeBody, response: { 201: addCodeResponse } },
    },
    async (req, reply) => {
      const code = await createSubscriptionCode(db, currentUser(req).id);
      return reply.status(201).send({ success: true, message: SUBSCRIPTION_CODE_MSG.created, code });
    },
  );

  app.get(
    '/subscription/all-codes',
    { onRequest: requireAdmin, schema: { tags, summary: 'Every subscription code, newest first, with who used it and when (admins)', response: { 200: allCodesResponse } } },
    async () => ({ success: true, message: SUBSCRIPTION_CODE_MSG.list, ...(await listSubscriptionCodes(db)) }),
  );

  app.post(
    '/subscription/apply-code',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Activate the subscription with a code (free; the code is used once). Unknown or used code → 400',
        body: applyCodeBody,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await applySubscriptionCode(db, currentUser(req).id, req.body.code);
      return { success: true, message: SUBSCRIPTION_CODE_MSG.applied };
    },
  );
};
