import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIST_ALL_MAX, updateRoleBody, updateRoleResponse, userListQuery, userListResponse, userStatsResponse } from '@app/contract';
import { listWindow, sendUnpaged } from '../../http/list-window.js';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { changeRole, deleteUser, listAllUsersJson, listUsers, userStats } from './admin-users.service.js';

const ok = z.object({ success: z.boolean(), message: z.string() });
const idParams = z.object({ id: z.string().max(64) });

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const tags = ['admin: users'];

  app.get(
    '/user/all',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Users, admins first then newest; search by name or e-mail. Without page and limit: every user, up to 10,000 (capped: true beyond)',
        querystring: userListQuery,
        response: { 200: userListResponse },
      },
    },
    async (req, reply) => {
      const { all, page, limit } = listWindow(req.query);
      if (all) {
        const r = await listAllUsersJson(db, { q: req.query.q, max: LIST_ALL_MAX });
        return sendUnpaged(reply, { key: 'users', noun: 'users', message: 'ok', rowsJson: r.json, more: r.more, total: r.total, extra: { adminCount: r.adminCount } });
      }
      return { success: true, message: 'ok', ...(await listUsers(db, { page, limit, q: req.query.q })), page, limit, capped: false };
    },
  );

  app.put(
    '/user/:id/update-role',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Make a user USER or ADMIN; their sessions end',
        params: idParams,
        body: updateRoleBody,
        response: { 200: updateRoleResponse },
      },
    },
    async (req) => {
      const result = await changeRole(db, currentUser(req).id, req.params.id, req.body.role);
      return {
        success: true,
        message: result.changed ? `Role changed to ${result.role}. The user must log in again.` : `The user is already ${result.role}`,
        role: result.role,
      };
    },
  );

  app.delete(
    '/user/:id/delete-user',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Deactivate and hide a user; their records stay', params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await deleteUser(db, clock, currentUser(req).id, req.params.id);
      return {
        success: true,
        message: 'User deleted. Their deposits, withdrawals and history are kept, and their e-mail cannot be used to sign up again.',
      };
    },
  );

  app.get(
    '/admin/stats/users',
    { onRequest: requireAdmin, schema: { tags, summary: 'Counts of users and subscribers (deleted users excluded)', response: { 200: userStatsResponse } } },
    async () => ({ success: true, message: 'ok', ...(await userStats(db)) }),
  );
};
