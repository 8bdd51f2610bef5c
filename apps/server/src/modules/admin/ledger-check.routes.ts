import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerReport } from '@app/contract';
import { requireRole } from '../../http/guards.js';
import { checkLedger } from '../../ledger/check.js';

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/admin/ledger-check',
    {
      onRequest: requireRole('SADMIN'),
      schema: { tags: ['admin'], summary: 'Checks every ledger invariant (super-admin only)', response: { 200: ledgerReport } },
    },
    async () => {
      const report = await checkLedger(db);
      return { success: true, message: report.ok ? 'Every ledger invariant holds' : `${report.breaches.length} ledger breach(es) found`, ...report };
    },
  );
};
