import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG, adminPointsBody } from '@app/contract';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { idempotencyKeyOf, okResponse } from '../../http/route-helpers.js';
import { adjustPoints } from './adpoint.service.js';

export const adpointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  for (const direction of ['add', 'remove'] as const) {
    app.post(
      `/adpoint/${direction}point`,
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: direction === 'add' ? 'Add points to a user (admin, audited)' : 'Remove points from a user (admin, audited; 409 if insufficient)',
          body: adminPointsBody,
          response: { 200: okResponse },
        },
      },
      async (req, reply) =>
        runMoneyOperation(db, req, reply, async (tx) => {
          await adjustPoints(tx, currentUser(req).id, direction, req.body, idempotencyKeyOf(req));
          return { body: { success: true, message: direction === 'add' ? ADMIN_MSG.pointsAdded : ADMIN_MSG.pointsRemoved } };
        }),
    );
  }
};
