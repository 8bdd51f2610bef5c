// Support tickets (docs/product.md#support): the user's routes under /support, the desk's under /admin/support.
// A ticket, a thread or a file of someone else is a 404, never a 403: its existence is not disclosed.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUPPORT_MSG,
  adminReplyBody,
  attachmentQuery,
  adminTicketSummary,
  adminTicketThread,
  adminTicketsQuery,
  createTicketBody,
  replyBody,
  ticketSummary,
  ticketThread,
} from '@app/contract';
import { currentUser, requireAdmin, requireUser } from '../../http/guards.js';
import { okResponse } from '../../http/route-helpers.js';
import { sendFile } from './files.js';
import {
  assignTicket,
  attachmentFor,
  closeTicket,
  createTicket,
  deskThread,
  listDesk,
  listOwnTickets,
  ownThread,
  reopenTicket,
  staffReply,
  userReply,
} from './support.service.js';

/** Three files of 5 MB in base64 and a message of 10,000 characters fit; the rest of the API keeps its own limit. */
const SUPPORT_BODY_LIMIT = 22 * 1024 * 1024;
const idParams = z.object({ id: z.uuid({ error: SUPPORT_MSG.notFound }) });
const fileParams = z.object({ id: z.uuid({ error: SUPPORT_MSG.attachmentNotFound }) });

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const tags = ['support'];

  app.get(
    '/support/tickets',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The caller’s tickets, latest activity first, each with its unread mark', response: { 200: okResponse.extend({ tickets: z.array(ticketSummary) }) } },
    },
    async (req) => ({ success: true, message: SUPPORT_MSG.list, tickets: await listOwnTickets(db, currentUser(req).id) }),
  );

  app.post(
    '/support/tickets',
    {
      onRequest: requireUser,
      bodyLimit: SUPPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Open a ticket: subject, category, message, up to 3 files (base64), optionally one of the caller’s deposits or withdrawals',
        body: createTicketBody,
        response: { 201: okResponse.extend({ ticket: ticketThread }) },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const id = await createTicket(db, clock, me.id, req.body);
      return reply.status(201).send({ success: true, message: SUPPORT_MSG.created, ticket: await ownThread(db, clock, me.id, id) });
    },
  );

  app.get(
    '/support/tickets/:id',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'One of the caller’s tickets with its thread (marks it read)', params: idParams, response: { 200: okResponse.extend({ ticket: ticketThread }) } },
    },
    async (req) => ({ success: true, message: SUPPORT_MSG.ticket, ticket: await ownThread(db, clock, currentUser(req).id, req.params.id) }),
  );

  app.post(
    '/support/tickets/:id/messages',
    {
      onRequest: requireUser,
      bodyLimit: SUPPORT_BODY_LIMIT,
      schema: { tags, summary: 'Write on one’s own ticket (it is open again)', params: idParams, body: replyBody, response: { 200: okResponse.extend({ ticket: ticketThread }) } },
    },
    async (req) => {
      const me = currentUser(req);
      await userReply(db, clock, me.id, req.params.id, req.body);
      return { success: true, message: SUPPORT_MSG.replied, ticket: await ownThread(db, clock, me.id, req.params.id) };
    },
  );

  app.post(
    '/support/tickets/:id/close',
    { onRequest: requireUser, schema: { tags, summary: 'Close one’s own ticket', params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await closeTicket(db, clock, { userId: currentUser(req).id }, req.params.id);
      return { success: true, message: SUPPORT_MSG.closed };
    },
  );

  app.post(
    '/support/tickets/:id/reopen',
    { onRequest: requireUser, schema: { tags, summary: 'Reopen one’s own ticket within 7 days of its closing', params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await reopenTicket(db, clock, currentUser(req).id, req.params.id);
      return { success: true, message: SUPPORT_MSG.reopened };
    },
  );

  app.get(
    '/support/attachments/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A file of a ticket, for its user and admins only: a download, or an image shown inline with ?inline=1',
        params: fileParams,
        querystring: attachmentQuery,
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const file = await attachmentFor(db, { userId: me.id, staff: me.role !== 'USER' }, req.params.id);
      return sendFile(reply, file, req.query.inline === '1');
    },
  );

  app.get(
    '/admin/support/tickets',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The support desk (admin): open tickets first, oldest waiting first; filter by status, category, assigned to me; search e-mail or subject',
        querystring: adminTicketsQuery,
        response: { 200: okResponse.extend({ tickets: z.array(adminTicketSummary), page: z.number(), total: z.number() }) },
      },
    },
    async (req) => ({ success: true, message: SUPPORT_MSG.list, page: req.query.page, ...(await listDesk(db, currentUser(req).id, req.query)) }),
  );

  app.get(
    '/admin/support/tickets/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'A ticket for the desk (admin): the thread with internal notes, the user’s balance and last deposits and withdrawals',
        params: idParams,
        response: { 200: okResponse.extend({ ticket: adminTicketThread }) },
      },
    },
    async (req) => ({ success: true, message: SUPPORT_MSG.ticket, ticket: await deskThread(db, clock, req.params.id) }),
  );

  app.post(
    '/admin/support/tickets/:id/messages',
    {
      onRequest: requireAdmin,
      bodyLimit: SUPPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Answer a ticket (admin; the user is told), or with internal: true write a note the user never sees',
        params: idParams,
        body: adminReplyBody,
        response: { 200: okResponse.extend({ ticket: adminTicketThread }) },
      },
    },
    async (req) => {
      await staffReply(db, clock, currentUser(req).id, req.params.id, req.body);
      return { success: true, message: req.body.internal ? SUPPORT_MSG.noted : SUPPORT_MSG.replied, ticket: await deskThread(db, clock, req.params.id) };
    },
  );

  app.post(
    '/admin/support/tickets/:id/assign',
    { onRequest: requireAdmin, schema: { tags, summary: 'Assign a ticket to oneself (admin)', params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await assignTicket(db, currentUser(req).id, req.params.id);
      return { success: true, message: SUPPORT_MSG.assigned };
    },
  );

  app.post(
    '/admin/support/tickets/:id/close',
    { onRequest: requireAdmin, schema: { tags, summary: 'Close a ticket (admin)', params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await closeTicket(db, clock, { actorId: currentUser(req).id }, req.params.id);
      return { success: true, message: SUPPORT_MSG.closed };
    },
  );
};
