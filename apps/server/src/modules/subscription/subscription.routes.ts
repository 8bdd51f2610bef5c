import { z } from 'zod';
import { SUBSCRIPTION_MSG } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { allowEmptyJsonBody, okResponse } from '../../http/route-helpers.js';
import { activateWithPoints } from './subscription.service.js';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  allowEmptyJsonBody(app);

  app.post(
    '/subscription/activate-with-points',
    {
      onRequest: requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Activate the subscription with points (empty body; accepts an Idempotency-Key header)',
        body: z.object({}).nullish(),
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      runMoneyOperation(db, req, reply, async (tx) => {
        await activateWithPoints(tx, currentUser(req).id, app.settings.get('subscriptionPrice'), app.settings.get('subscriptionMinBalance'));
        return { body: { success: true, message: SUBSCRIPTION_MSG.activated } };
      }),
  );
};
