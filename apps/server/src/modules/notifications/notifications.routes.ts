// The notification centre (docs/product.md#notifications): the caller's list, the "read" mark, and the live stream (server-sent events).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_MSG, markReadBody, markReadResponse, notificationsQuery, notificationsResponse } from '@app/contract';
import { currentUser, requireUser } from '../../http/guards.js';
import { listNotifications, markRead } from './notifications.service.js';
import { openNotificationHub } from './notifications.stream.js';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const hub = await openNotificationHub(db, app.log);
  // Streams never finish by themselves: they end before the server stops accepting and waits for connections.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first, a page at a time, with the unread count',
        querystring: notificationsQuery,
        response: { 200: notificationsResponse },
      },
    },
    async (req) => {
      const list = await listNotifications(db, currentUser(req).id, req.query);
      return { success: true, message: NOTIFICATION_MSG.list, ...list, page: req.query.page };
    },
  );

  app.post(
    '/notifications/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark the caller’s notifications read: { ids } (others’ ids change nothing) or { all: true }; returns the unread count',
        body: markReadBody,
        response: { 200: markReadResponse },
      },
    },
    async (req) => ({ success: true, message: NOTIFICATION_MSG.read, unread: await markRead(db, currentUser(req).id, req.body) }),
  );

  app.get(
    '/notifications/stream',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary:
          'Server-sent events: `event: notification`, `id:` the notification’s sequence number, data = a list item plus `unread`. Reconnect with Last-Event-ID to get what came after it.',
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      await hub.open(req, reply, me.id, me.sessionHash);
      return reply;
    },
  );
};
