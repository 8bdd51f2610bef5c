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
  app.get(
    '/config',
    { schema: { tags: ['health'], summary: 'Public configuration the web client shows' } },
    async () => ({
      success: true,
      message: 'ok',
      supportEmail: config.SUPPORT_EMAIL,
      supportPhone: config.SUPPORT_PHONE,
      depositAddress: config.DEPOSIT_ADDRESS,
      subscriptionPrice: config.SUBSCRIPTION_PRICE / 100,
      subscriptionMinBalance: config.SUBSCRIPTION_MIN_BALANCE / 100,
      appUrl: config.APP_URL,
    }),
  );
};
void z;
