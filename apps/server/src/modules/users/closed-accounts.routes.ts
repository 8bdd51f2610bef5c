import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closedAccountsQuery, closedAccountsResponse } from '@app/contract';
import { requireAdmin } from '../../http/guards.js';
import { listClosedAccounts } from './closed-accounts.js';

export const closedAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/admin/closed-accounts',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: users'],
        summary: 'Closed (deleted) accounts with the balance each still holds, most recently closed first',
        querystring: closedAccountsQuery,
        response: { 200: closedAccountsResponse },
      },
    },
    async (req) => ({ success: true, message: 'Closed accounts fetched successfully', ...(await listClosedAccounts(db, req.query)) }),
  );
};
