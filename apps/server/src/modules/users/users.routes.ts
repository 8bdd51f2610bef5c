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
  MSG,
  SECURITY_MSG,
  twoFactorRequiredResponse,
  languageBody,
  LANGUAGE_MSG,
} from '@app/contract';
import { requireUser, currentUser } from '../../http/guards.js';
import { forbidden } from '../../errors.js';
import { clearSessionCookie } from '../../plugins/session.js';
import { answerIn } from '../../i18n.js';
import { userBalanceCents } from '../../ledger/accounts.js';
import { takeSignup } from '../../services/throttle.js';
import { needsCodeWhen2fa, twoFactorEnabled } from '../../services/second-factor.js';
import { completeSignIn, recordFailedPassword, startSecondStep } from '../security/sign-ins.js';
import {
  NOT_YOUR_PROFILE,
  RESET_SENT,
  changePassword,
  createUser,
  endSession,
  loadPublicUser,
  login,
  requestReset,
  resetPassword,
  updateProfile,
  updateLanguage,
} from './users.service.js';

const ok = z.object({ success: z.boolean(), message: z.string() });
const withUser = ok.extend({ user: publicUser });

/**
 * The contract's body schemas check "all fields filled" in a refinement over `z.unknown()` keys, but zod 4
 * rejects an absent `z.unknown()` key before any refinement runs ("expected nonoptional"). Giving each
 * absent key an explicit undefined (and treating a body that is not a JSON object as empty) lets the
 * refinement answer with the product's message, e.g. "Please fill all the details".
 */
function withKeys<T extends z.ZodType>(schema: T, keys: string[]) {
  const blank = Object.fromEntries(keys.map((k) => [k, undefined]));
  return z.preprocess((v) => ({ ...blank, ...(v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}) }), schema);
}
const registerInput = withKeys(registerBody, ['fullName', 'email', 'password', 'phone']);
const loginInput = withKeys(loginBody, ['email', 'password']);
const changePasswordInput = withKeys(changePasswordBody, ['oldPassword', 'newPassword']);
const forgotInput = withKeys(forgotBody, ['email']);
const resetInput = withKeys(resetBody, ['password']);
// A profile update must change something; a missing or non-object body is an empty one.
const updateInput = withKeys(updateProfileBody, []).refine((b) => b.fullName !== undefined || b.phone !== undefined, MSG.fillAll);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, mailer } = app.deps;
  const secure = config.secure;
  const signIn = { db, clock, mailer, secure };
  const tags = ['user'];

  app.post(
    '/user/register',
    { schema: { tags, summary: 'Sign up; the new user is logged in (SIGNUP_LIMIT_PER_HOUR accounts per client address and hour)', body: registerInput, response: { 201: withUser } } },
    async (req, reply) => {
      // Accounts per client address and hour (SIGNUP_LIMIT_PER_HOUR); a sign-up that fails gives its place back.
      const slot = await takeSignup(db, clock, req.ip, app.settings.get('signupLimitPerHour'));
      // A newcomer signing up in Arabic gets Arabic answers, e-mails and notifications from the start.
      const id = await createUser(db, { ...req.body, language: req.lang }).catch(async (e: unknown) => {
        await slot.release();
        throw e;
      });
      // The first browser of the account: remembered without a "new browser" e-mail (security/sign-ins.ts).
      await completeSignIn(signIn, id, req, reply, { quiet: true });
      return reply.status(201).send({ success: true, message: 'Account created successfully', user: await loadPublicUser(db, id) });
    },
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags,
        summary: 'Log in (10 failures per account and client address → 429; an account under attack from many addresses is slowed down, not locked). With two-factor sign-in on, the right password answers twoFactorRequired and starts no session: POST /user/login/2fa finishes it',
        body: loginInput,
        response: { 200: z.union([withUser, twoFactorRequiredResponse]) },
      },
    },
    async (req, reply) => {
      const id = await login(db, clock, req.body.email, req.body.password, req.ip).catch(async (e: unknown) => {
        if ((e as { statusCode?: number }).statusCode === 401) await recordFailedPassword(db, clock, req.body.email, req);
        throw e;
      });
      if (await twoFactorEnabled(db, id)) {
        await startSecondStep(signIn, id, reply);
        return { success: true as const, twoFactorRequired: true as const, message: SECURITY_MSG.secondStep };
      }
      await completeSignIn(signIn, id, req, reply);
      // The answer speaks the account's saved language (the web client adopts it from `user.language`).
      const user = await loadPublicUser(db, id);
      answerIn(req, user.language);
      return { success: true, message: 'Logged in successfully', user };
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
    // sessionProfile: the session lookup reads the public user in the same statement (plugins/session.ts).
    { onRequest: requireUser, config: { sessionProfile: true }, schema: { tags, summary: 'The logged-in user', response: { 200: withUser } } },
    async (req) => {
      const me = currentUser(req);
      return { success: true, message: 'ok', user: me.profile ?? (await loadPublicUser(db, me.id)) };
    },
  );

  app.post(
    '/user/update/:id',
    {
      // Whose profile is decided before the body is looked at: someone else's id → 403 whatever the body.
      onRequest: [requireUser, async (req) => {
        if ((req.params as { id?: string }).id !== currentUser(req).id) throw forbidden(NOT_YOUR_PROFILE);
      }],
      schema: { tags, summary: 'Update one’s own name and phone', params: z.object({ id: z.string().max(64) }), body: updateInput, response: { 200: withUser } },
    },
    async (req) => {
      const me = currentUser(req);
      await updateProfile(db, me.id, req.params.id, req.body);
      return { success: true, message: 'Profile updated successfully', user: await loadPublicUser(db, me.id) };
    },
  );

  app.put(
    '/user/language',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Save the caller’s language (en or ar): API messages, e-mails and notifications follow it; the answer’s user carries it',
        body: languageBody,
        response: { 200: withUser },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await updateLanguage(db, me.id, req.body.language);
      // This answer already speaks the new language: the session read the old one when the request arrived.
      answerIn(req, req.body.language);
      return { success: true, message: LANGUAGE_MSG.saved, user: await loadPublicUser(db, me.id) };
    },
  );

  app.post(
    '/user/change-password',
    {
      onRequest: requireUser,
      // With two-factor sign-in on, a current `code` too (security/second-factor.ts).
      ...needsCodeWhen2fa,
      schema: { tags, summary: 'Change password; other sessions end (a wrong old password counts as a failed login: throttled); with 2FA on, a current code is needed too', body: changePasswordInput, response: { 200: ok } },
    },
    async (req) => {
      const me = currentUser(req);
      await changePassword(db, clock, me, req.ip, req.body.oldPassword, req.body.newPassword);
      return { success: true, message: 'Password changed successfully' };
    },
  );

  app.post(
    '/user/reset',
    { schema: { tags, summary: 'E-mail a reset link (same answer whether or not the e-mail exists)', body: forgotInput, response: { 200: ok } } },
    async (req) => {
      await requestReset({ db, clock, mailer, appUrl: config.APP_URL, log: (m) => req.log.warn(m) }, req.body.email, req.ip);
      return { success: true, message: RESET_SENT };
    },
  );

  app.post(
    '/user/reset/:resetToken',
    {
      schema: { tags, summary: 'Set a new password with a reset link; all sessions end', params: z.object({ resetToken: z.string() }), body: resetInput, response: { 200: ok } },
    },
    async (req) => {
      await resetPassword(db, clock, req.params.resetToken, req.body.password);
      return { success: true, message: 'Password reset successfully. Please log in.' };
    },
  );

  app.get(
    '/user/point',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s balance', response: { 200: ok.extend({ point: z.number() }) } } },
    async (req) => ({ success: true, message: 'ok', point: centsToNumber(await userBalanceCents(db, currentUser(req).id)) }),
  );
};
