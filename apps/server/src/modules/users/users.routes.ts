import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  forgotBody,
  loginBody,
  publicUser,
  registerBody,
  resetBody,
  updateProfileBody,
  centsToNumber,
} from '@app/contract';
import { requireUser, currentUser } from '../../plugins/guards.js';
import { clearSessionCookie, createSession } from '../../plugins/session.js';
import { userBalanceCents } from '../../ledger/accounts.js';
import {
  RESET_SENT,
  changePassword,
  createUser,
  endSession,
  loadPublicUser,
  login,
  requestReset,
  resetPassword,
  updateProfile,
} from './users.service.js';

const ok = z.object({ success: z.boolean(), message: z.string() });
const withUser = ok.extend({ user: publicUser });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, mailer } = app.deps;
  const secure = config.secure;
  const tags = ['user'];

  app.post(
    '/user/register',
    { schema: { tags, summary: 'Sign up; the new user is logged in', body: registerBody, response: { 201: withUser } } },
    async (req, reply) => {
      const id = await createUser(db, req.body);
      await createSession(db, clock, id, req, reply, secure);
      return reply.status(201).send({ success: true, message: 'Account created successfully', user: await loadPublicUser(db, id) });
    },
  );

  app.post(
    '/user/login',
    { schema: { tags, summary: 'Log in (throttled per account and per IP)', body: loginBody, response: { 200: withUser } } },
    async (req, reply) => {
      const id = await login(db, clock, req.body.email, req.body.password, req.ip);
      await createSession(db, clock, id, req, reply, secure);
      return { success: true, message: 'Logged in successfully', user: await loadPublicUser(db, id) };
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/user/logout',
      schema: { tags, summary: 'End the caller’s own session', response: { 200: ok } },
      handler: async (req, reply) => {
        if (req.user) await endSession(db, req.user.sessionHash);
        clearSessionCookie(reply, secure);
        return { success: true, message: 'Logged out successfully' };
      },
    });
  }

  app.get(
    '/user/me',
    { preHandler: requireUser, schema: { tags, summary: 'The logged-in user', response: { 200: withUser } } },
    async (req) => ({ success: true, message: 'ok', user: await loadPublicUser(db, currentUser(req).id) }),
  );

  app.post(
    '/user/update/:id',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Update one’s own name and phone', params: z.object({ id: z.string().max(64) }), body: updateProfileBody, response: { 200: withUser } },
    },
    async (req) => {
      const me = currentUser(req);
      await updateProfile(db, me.id, req.params.id, req.body);
      return { success: true, message: 'Profile updated successfully', user: await loadPublicUser(db, me.id) };
    },
  );

  app.post(
    '/user/change-password',
    { preHandler: requireUser, schema: { tags, summary: 'Change password; other sessions end', body: changePasswordBody, response: { 200: ok } } },
    async (req) => {
      const me = currentUser(req);
      await changePassword(db, me.id, me.sessionHash, req.body.oldPassword, req.body.newPassword);
      return { success: true, message: 'Password changed successfully' };
    },
  );

  app.post(
    '/user/reset',
    { schema: { tags, summary: 'E-mail a reset link (same answer whether or not the e-mail exists)', body: forgotBody, response: { 200: ok } } },
    async (req) => {
      await requestReset({ db, clock, mailer, appUrl: config.APP_URL, log: (m) => req.log.warn(m) }, req.body.email, req.ip);
      return { success: true, message: RESET_SENT };
    },
  );

  app.post(
    '/user/reset/:resetToken',
    {
      schema: { tags, summary: 'Set a new password with a reset link; all sessions end', params: z.object({ resetToken: z.string() }), body: resetBody, response: { 200: ok } },
    },
    async (req) => {
      await resetPassword(db, clock, req.params.resetToken, req.body.password);
      return { success: true, message: 'Password reset successfully. Please log in.' };
    },
  );

  app.get(
    '/user/point',
    { preHandler: requireUser, schema: { tags, summary: 'The caller’s balance', response: { 200: ok.extend({ point: z.number() }) } } },
    async (req) => ({ success: true, message: 'ok', point: centsToNumber(await userBalanceCents(db, currentUser(req).id)) }),
  );
};
