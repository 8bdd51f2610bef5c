import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserOverview, auditQuery, auditResponse, dashboardResponse, goLiveResponse } from '@app/contract';
import { requireAdmin, requireRole } from '../../http/guards.js';
import { auditEntries, dashboard } from './admin.service.js';
import { goLive } from './go-live.js';
import { userOverview } from './user-overview.js';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const tags = ['admin'];

  app.get(
    '/admin/dashboard',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Headline figures and the last 30 UTC days of deposits, withdrawals and sign-ups', response: { 200: dashboardResponse } },
    },
    async () => ({ success: true, message: 'ok', ...(await dashboard(db, clock)) }),
  );

  app.get(
    '/admin/go-live',
    {
      onRequest: requireRole('SADMIN'),
      schema: { tags, summary: 'The go-live checklist: what stands between this installation and running real money (super admin only)', response: { 200: goLiveResponse } },
    },
    async () => ({
      success: true,
      message: 'ok',
      items: await goLive(db, app.settings, {
        dataDir: config.DATA_DIR,
        appUrl: config.APP_URL,
        trustProxySet: config.TRUST_PROXY.trim() !== '',
        proxiedRequestSeen: app.proxiedRequestSeen,
        now: clock(),
      }),
    }),
  );

  app.get(
    '/admin/audit',
    {
      onRequest: requireRole('SADMIN'),
      schema: { tags, summary: 'The audit log, newest first (super admin only)', querystring: auditQuery, response: { 200: auditResponse } },
    },
    async (req) => {
      const { page, limit } = req.query;
      const result = await auditEntries(db, req.query);
      return { success: true, message: 'ok', ...result, page, limit };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'One user for the admins: profile, balance, newest ledger movements, deposits, withdrawals, sessions, referrals and tickets (admins)',
        params: z.object({ id: z.string() }),
        response: { 200: adminUserOverview },
      },
    },
    async (req) => ({ success: true, message: 'User fetched successfully', ...(await userOverview(db, req.params.id, req.lang)) }),
  );
};
