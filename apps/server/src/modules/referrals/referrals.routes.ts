import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralsQuery, referralsResponse } from '@app/contract';
import { currentUser, requireUser } from '../../http/guards.js';
import { referralRules, referralTeam } from './referrals.service.js';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.get(
    '/user/referrals',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary:
          'The caller’s referral link and team: people and earnings per paid level, and the members (level, newest first) with what each earned the caller; no e-mails',
        querystring: referralsQuery,
        response: { 200: referralsResponse },
      },
    },
    async (req) => ({
      success: true,
      message: 'Referrals fetched successfully',
      ...(await referralTeam(db, referralRules(app.settings), config.APP_URL, currentUser(req).id, req.query)),
    }),
  );
};
