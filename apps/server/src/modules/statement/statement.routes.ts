import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementQuery, statementResponse } from '@app/contract';
import { currentUser, requireUser } from '../../http/guards.js';
import { statementCsv, statementPage } from './statement.service.js';

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['statement'];

  app.get(
    '/user/statement',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The caller’s ledger entries, newest first, with the balance after each (cursor paging)',
        querystring: statementQuery,
        response: { 200: statementResponse },
      },
    },
    async (req) => {
      const page = await statementPage(db, currentUser(req).id, req.query.cursor, req.query.limit, req.lang);
      return { success: true, message: 'Statement fetched successfully', ...page };
    },
  );

  app.get(
    '/user/statement.csv',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s whole statement as CSV (date,type,description,amount,balance)' } },
    async (req, reply) => {
      const csv = await statementCsv(db, currentUser(req).id, req.lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="statement.csv"')
        .send(csv);
    },
  );
};
