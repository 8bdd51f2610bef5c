import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POINTS_MSG, transferBody } from '@app/contract';
import { currentUser, requireUser } from '../../http/guards.js';
import { runMoneyStatement } from '../../services/idempotency.js';
import { idempotencyKeyOf, okResponse } from '../../http/route-helpers.js';
import { needsCodeWhen2fa } from '../../services/second-factor.js';
import { transfer } from './points.service.js';

export const pointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/point/transfer',
    {
      onRequest: requireUser,
      // With two-factor sign-in on, a current `code` in the body.
      ...needsCodeWhen2fa,
      schema: {
        tags: ['points'],
        summary: 'Send points to another user by e-mail (accepts an Idempotency-Key header)',
        body: transferBody,
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      runMoneyStatement(db, req, reply, async (q) => {
        await transfer(q, currentUser(req), req.body, idempotencyKeyOf(req));
        return { body: { success: true, message: POINTS_MSG.transferred } };
      }),
  );
};
