import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POINTS_MSG, RECIPIENT_MSG, lookupRecipientBody, recentRecipientSchema, recipientSchema, transferBody } from '@app/contract';
import { currentUser, requireUser } from '../../http/guards.js';
import { runMoneyStatement } from '../../services/idempotency.js';
import { idempotencyKeyOf, okResponse } from '../../http/route-helpers.js';
import { needsCodeWhen2fa } from '../../services/second-factor.js';
import { transfer, transferBySession } from './points.service.js';
import { adoptSession, deferredSessionHash, settleSession } from '../../http/deferred-session.js';
import { LookupThrottled, lookupRecipient, recentRecipients } from './recipients.js';
import { tooMany, unauthorized } from '../../errors.js';

export const pointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.post(
    '/point/transfer',
    {
      onRequest: requireUser,
      // The session is read by the transfer's own statement (decision 030).
      config: { deferSession: true },
      // With two-factor sign-in on, a current `code` in the body.
      ...needsCodeWhen2fa,
      schema: {
        tags: ['points'],
        summary: 'Send points to another user by e-mail (accepts an Idempotency-Key header)',
        body: transferBody,
        response: { 200: okResponse },
      },
    },
    async (req, reply) => {
      const hash = deferredSessionHash(req);
      if (hash !== undefined) {
        // The session read by the transfer's own statement (decision 030), unless the request needs what only the
        // ordinary path does: an Idempotency-Key (its row commits with the money) or a code (checked before).
        // Any Idempotency-Key header counts, a blank one too: runMoneyStatement refuses that one (400).
        if (req.headers['idempotency-key'] === undefined && req.confirmationCode === undefined) {
          const sent = await transferBySession(db, hash, clock(), req.body, (user) => adoptSession(req, user));
          if (sent) return { success: true, message: POINTS_MSG.transferred };
        }
        // Nothing was written: the ordinary lookup decides (401, or a code asked of a user with two-factor on).
        await settleSession(req);
        if (!req.user) throw unauthorized();
        await needsCodeWhen2fa.preHandler(req);
      }
      return runMoneyStatement(db, req, reply, async (q) => {
        await transfer(q, currentUser(req), req.body, idempotencyKeyOf(req));
        return { body: { success: true, message: POINTS_MSG.transferred } };
      });
    },
  );

  // POST, so the e-mail asked about is in no URL, access log or browser history.
  app.post(
    '/user/lookup-recipient',
    {
      onRequest: requireUser,
      schema: {
        tags: ['points'],
        summary:
          'The name and initials of the live account with exactly this e-mail (not the caller); one 404 for unknown, closed and oneself; throttled per user (429 with Retry-After)',
        body: lookupRecipientBody,
        response: { 200: okResponse.extend({ recipient: recipientSchema }) },
      },
    },
    async (req, reply) => {
      const found = await lookupRecipient(db, clock, currentUser(req), req.body.email);
      if (found instanceof LookupThrottled) {
        reply.header('retry-after', String(found.retryAfterS));
        throw tooMany(RECIPIENT_MSG.tooMany);
      }
      return { success: true, message: RECIPIENT_MSG.found, recipient: found };
    },
  );

  app.get(
    '/user/recent-recipients',
    {
      onRequest: requireUser,
      schema: {
        tags: ['points'],
        summary: 'The last people the caller sent a transfer to (live accounts only), latest first',
        response: { 200: okResponse.extend({ recipients: z.array(recentRecipientSchema) }) },
      },
    },
    async (req) => ({ success: true, message: RECIPIENT_MSG.recent, recipients: await recentRecipients(db, currentUser(req)) }),
  );
};
