import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Database reachability, for load balancers' } },
    async (_req, reply) => {
      try {
        await app.deps.db.execute(sql`select 1`);
        return { success: true, message: 'ok', database: 'up' };
      } catch {
        return reply.status(503).send({ success: false, message: 'database unreachable', database: 'down' });
      }
    },
  );

  const { config } = app.deps;
  const { settings } = app;
  app.get(
    '/config',
    { schema: { tags: ['health'], summary: 'Public configuration the web client shows (live platform settings)' } },
    async () => ({
      success: true,
      message: 'ok',
      supportEmail: settings.get('supportEmail'),
      supportPhone: settings.get('supportPhone'),
      supportAddress: settings.get('supportAddress'),
      depositAddress: settings.get('depositAddress'),
      // Deposits confirmed on the chain (payment requests with an exact amount) are on.
      chainDeposits: settings.get('tronApiUrl') !== '' && settings.get('depositAddress') !== '',
      // Every user their own deposit address (TRON_XPUB with the Tron API URL): any amount from the minimum up.
      ownDepositAddresses: settings.get('tronApiUrl') !== '' && settings.get('tronXpub') !== '',
      subscriptionPrice: settings.get('subscriptionPrice') / 100,
      subscriptionMinBalance: settings.get('subscriptionMinBalance') / 100,
      // MIN_DEPOSIT: the deposit page's smallest amount (requests and claims below it are refused).
      minDeposit: settings.get('minDeposit') / 100,
      // ADMIN_2FA: "required" sends an admin without two-factor sign-in to /user/security first.
      admin2fa: settings.get('admin2fa'),
      appUrl: config.APP_URL,
    }),
  );
};
void z;
