// Videos (docs/product.md#api, #videos). Guards run at onRequest, before the body is read: anonymous → 401 and a wrong
// role → 403 whatever the payload. Admins (ADMIN, SADMIN) may read and open videos to manage them, but a
// reward is paid only to a subscribed caller — an admin without a subscription gets 403 from add-point.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VIDEO_MSG, addPointBody, centsToNumber, libraryVideo, publicVideo, videoBody } from '@app/contract';
import { currentUser, requireAdmin, requireSubscriber } from '../../http/guards.js';
import { runMoneyOperation } from '../../services/idempotency.js';
import { forbidden } from '../../errors.js';
import { allowEmptyJsonBody } from '../../http/route-helpers.js';
import { referralRules } from '../referrals/referrals.service.js';
import { awardVideoPoints, createVideo, deleteVideo, listVideos, openVideo, rewardMessage, updateVideo } from './videos.service.js';

const ok = z.object({ success: z.boolean(), message: z.string() });
const withVideo = ok.extend({ video: publicVideo });
// Fastify's own limit on a path parameter is 100 characters; anything that is not a video's uuid is a 404.
const idParams = z.object({ id: z.string() });

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const tags = ['videos'];
  // DELETE sent with Content-Type: application/json and no body is read as no body.
  allowEmptyJsonBody(app);

  app.get(
    '/video',
    {
      onRequest: requireSubscriber,
      schema: {
        tags,
        summary: 'Every video, newest first, each with whether the caller watched it today and what it paid them today (subscribers and admins)',
        response: { 200: ok.extend({ videos: z.array(libraryVideo) }) },
      },
    },
    async (req) => ({ success: true, message: 'Videos fetched successfully', videos: await listVideos(db, clock, currentUser(req).id) }),
  );

  app.post(
    '/video/add-point',
    {
      onRequest: requireSubscriber,
      schema: {
        tags,
        summary:
          'Pay the video’s own points once per UTC day, time × 60 − 2 s after the caller opened it (subscribers only; a sent point is ignored; accepts an Idempotency-Key header)',
        body: addPointBody,
        response: { 200: ok.extend({ point: z.number() }) },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      if (!me.subscribed) throw forbidden(VIDEO_MSG.subscriptionRequired);
      return runMoneyOperation(db, req, reply, async (tx) => {
        const { pointCents } = await awardVideoPoints(tx, clock, me.id, req.body.videoId, referralRules(app.settings));
        return { body: { success: true, message: rewardMessage(pointCents), point: centsToNumber(pointCents) } };
      });
    },
  );

  app.get(
    '/video/:id',
    {
      onRequest: requireSubscriber,
      schema: { tags, summary: 'One video; opening it (re)starts the caller’s watch timer', params: idParams, response: { 200: withVideo } },
    },
    async (req) => ({ success: true, message: 'Video fetched successfully', video: await openVideo(db, clock, currentUser(req).id, req.params.id) }),
  );

  app.post(
    '/video',
    { onRequest: requireAdmin, schema: { tags, summary: 'Add a video (admins; audited)', body: videoBody, response: { 201: withVideo } } },
    async (req, reply) => {
      const video = await createVideo(db, clock, currentUser(req).id, req.body);
      return reply.status(201).send({ success: true, message: 'Video added successfully', video });
    },
  );

  app.put(
    '/video/:id',
    { onRequest: requireAdmin, schema: { tags, summary: 'Edit a video (admins; audited)', params: idParams, body: videoBody, response: { 200: withVideo } } },
    async (req) => ({
      success: true,
      message: 'Video updated successfully',
      video: await updateVideo(db, clock, currentUser(req).id, req.params.id, req.body),
    }),
  );

  app.delete(
    '/video/:id',
    { onRequest: requireAdmin, schema: { tags, summary: 'Delete a video (admins; soft delete; audited)', params: idParams, response: { 200: ok } } },
    async (req) => {
      await deleteVideo(db, clock, currentUser(req).id, req.params.id);
      return { success: true, message: 'Video deleted successfully' };
    },
  );
};
