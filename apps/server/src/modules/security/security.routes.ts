// Account security routes (docs/product.md#security-rules): the authenticator app, the second step of a sign-in, passkeys, sessions and
// the sign-in history. Rules and transactions are in security.service.ts and src/security/.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SECURITY_MSG,
  codeBody,
  disableTwoFactorBody,
  loginHistoryResponse,
  passkeyLoginBody,
  passkeyRecord,
  passkeyRegisterBody,
  passkeyRenameBody,
  passkeysResponse,
  publicUser,
  reauthBody,
  reauthRequiredResponse,
  secondStepBody,
  sessionsResponse,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
} from '@app/contract';
import { currentUser, requireUser } from '../../http/guards.js';
import { clearSessionCookie } from '../../plugins/session.js';
import { allowEmptyJsonBody, okResponse, UUID_PATTERN } from '../../http/route-helpers.js';
import { notFound } from '../../errors.js';
import { challengeHashOf, completeSignIn, startPasskeySignIn } from './sign-ins.js';
import { loadPublicUser } from '../users/users.service.js';
import { REAUTH_REQUIRED, checkPassword, inSudoMode, reauthenticate, requireSudo, stampSudo } from './sudo.js';
import { answerIn } from '../../i18n.js';
import {
  disableTotp,
  enableTotp,
  endOtherSessions,
  endSessionById,
  finishPasskeySignIn,
  finishSecondStep,
  listPasskeys,
  listSessions,
  loginHistory,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  pendingUserOf,
  registerPasskey,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  setChallenge,
  startTotpSetup,
} from './security.service.js';

const withUser = okResponse.extend({ user: publicUser });
const idParams = z.object({ id: z.string().max(64) });
/** A WebAuthn options object, passed to @simplewebauthn/browser as it is. */
const optionsResponse = okResponse.extend({ options: z.record(z.string(), z.unknown()) });

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, mailer } = app.deps;
  const secure = config.secure;
  const signIn = { db, clock, mailer, secure };
  const rp = relyingPartyOf(config.APP_URL);
  const tags = ['security'];
  allowEmptyJsonBody(app);
  // Sudo mode (sudo.ts, decision 017): the change needs this session's password re-entered within 5 minutes.
  const sudo = [requireUser, requireSudo];
  const refusedWithoutSudo = { 403: reauthRequiredResponse.or(okResponse) };

  app.post(
    '/user/reauth',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Sudo mode: re-enter the password (and, with two-factor sign-in on, a code or a recovery code) so this session may add or remove passkeys and turn two-factor sign-in on or off for 5 minutes; throttled like a login',
        body: reauthBody,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await reauthenticate(db, clock, currentUser(req), req.ip, req.body);
      return { success: true, message: SECURITY_MSG.reauthDone };
    },
  );

  // --- Authenticator app ---
  app.post(
    '/user/2fa/setup',
    { onRequest: sudo, schema: { tags, summary: 'Start two-factor setup: a new secret and its otpauth:// URL (draw the QR code locally); needs sudo mode', response: { 200: twoFactorSetupResponse, ...refusedWithoutSudo } } },
    async (req) => ({ success: true, message: SECURITY_MSG.setupStarted, ...(await startTotpSetup(db, currentUser(req))) }),
  );

  app.post(
    '/user/2fa/enable',
    { onRequest: sudo, schema: { tags, summary: 'Turn two-factor sign-in on with the first code; answers 10 single-use recovery codes, shown once; needs sudo mode', body: codeBody, response: { 200: twoFactorEnableResponse, ...refusedWithoutSudo } } },
    async (req) => {
      const recoveryCodes = await enableTotp(db, clock, currentUser(req), req.ip, req.body.code);
      return { success: true, message: SECURITY_MSG.enabled, recoveryCodes };
    },
  );

  app.post(
    '/user/2fa/disable',
    {
      onRequest: requireUser,
      // Sudo mode, or the password in this very request (with the code below it is a whole re-authentication): a
      // code spent on POST /user/reauth could not be used again here within its 30 s.
      preHandler: async (req, reply) => {
        const me = currentUser(req);
        if (req.body.password !== undefined) return checkPassword(db, clock, me, req.ip, req.body.password);
        if (!(await inSudoMode(db, clock, me.sessionHash))) return reply.status(403).send(REAUTH_REQUIRED);
      },
      schema: {
        tags,
        summary:
          'Turn two-factor sign-in off with a current code or a recovery code (throttled like a password), in sudo mode or with the password in the body',
        body: disableTwoFactorBody,
        response: { 200: okResponse, ...refusedWithoutSudo },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await disableTotp(db, clock, me, req.ip, req.body);
      if (req.body.password !== undefined) await stampSudo(db, clock, me);
      return { success: true, message: SECURITY_MSG.disabled };
    },
  );

  // --- Second step of a sign-in, and passkey sign-in ---
  app.post(
    '/user/login/2fa',
    { schema: { tags, summary: 'Finish a sign-in whose password step answered twoFactorRequired (within 5 minutes): a code or a recovery code', body: secondStepBody, response: { 200: withUser } } },
    async (req, reply) => {
      const id = await finishSecondStep(db, clock, challengeHashOf(req, secure), req.ip, req.body);
      await completeSignIn(signIn, id, req, reply);
      const user = await loadPublicUser(db, id);
      answerIn(req, user.language);
      return { success: true, message: 'Logged in successfully', user };
    },
  );

  app.post(
    '/user/login/passkey/options',
    { schema: { tags, summary: 'Options for signing in with a passkey: the second step of a sign-in in progress, or without a password', response: { 200: optionsResponse } } },
    async (req, reply) => {
      const hash = challengeHashOf(req, secure);
      const pendingUser = await pendingUserOf(db, clock, hash);
      const options = await passkeySignInOptions(db, rp, pendingUser);
      if (pendingUser && hash) await setChallenge(db, hash, options.challenge);
      else await startPasskeySignIn(signIn, options.challenge, reply);
      return { success: true, message: 'ok', options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/user/login/passkey',
    { schema: { tags, summary: 'Sign in with a passkey (the assertion from the browser)', body: passkeyLoginBody, response: { 200: withUser } } },
    async (req, reply) => {
      const id = await finishPasskeySignIn(db, clock, rp, challengeHashOf(req, secure), req.body.response);
      await completeSignIn(signIn, id, req, reply);
      const user = await loadPublicUser(db, id);
      answerIn(req, user.language);
      return { success: true, message: 'Logged in successfully', user };
    },
  );

  // --- Passkeys of the signed-in user ---
  app.get(
    '/user/passkeys',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s passkeys', response: { 200: passkeysResponse } } },
    async (req) => ({ success: true, message: 'ok', passkeys: await listPasskeys(db, currentUser(req).id) }),
  );

  app.post(
    '/user/passkeys/options',
    { onRequest: sudo, schema: { tags, summary: 'Options for registering a new passkey; needs sudo mode', response: { 200: optionsResponse, ...refusedWithoutSudo } } },
    async (req) => ({ success: true, message: 'ok', options: (await passkeyRegistrationOptions(db, clock, currentUser(req), rp)) as unknown as Record<string, unknown> }),
  );

  app.post(
    '/user/passkeys',
    { onRequest: sudo, schema: { tags, summary: 'Register a passkey (the attestation from the browser) under a name; needs sudo mode', body: passkeyRegisterBody, response: { 201: okResponse.extend({ passkey: passkeyRecord }), ...refusedWithoutSudo } } },
    async (req, reply) => {
      const passkey = await registerPasskey(db, clock, currentUser(req), rp, req.body.name, req.body.response);
      return reply.status(201).send({ success: true, message: SECURITY_MSG.passkeyAdded, passkey });
    },
  );

  const passkeyId = async (req: { params: unknown }) => {
    if (!UUID_PATTERN.test((req.params as { id: string }).id)) throw notFound(SECURITY_MSG.passkeyNotFound);
  };

  app.put(
    '/user/passkeys/:id',
    { onRequest: requireUser, preHandler: passkeyId, schema: { tags, summary: 'Rename one of the caller’s passkeys', params: idParams, body: passkeyRenameBody, response: { 200: okResponse } } },
    async (req) => {
      await renamePasskey(db, currentUser(req).id, req.params.id, req.body.name);
      return { success: true, message: SECURITY_MSG.passkeyRenamed };
    },
  );

  app.delete(
    '/user/passkeys/:id',
    { onRequest: sudo, preHandler: passkeyId, schema: { tags, summary: 'Remove one of the caller’s passkeys; needs sudo mode', params: idParams, response: { 200: okResponse, ...refusedWithoutSudo } } },
    async (req) => {
      await removePasskey(db, currentUser(req).id, req.params.id);
      return { success: true, message: SECURITY_MSG.passkeyRemoved };
    },
  );

  // --- Sessions and history ---
  app.get(
    '/user/sessions',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s active sessions (current: this browser)', response: { 200: sessionsResponse } } },
    async (req) => ({ success: true, message: 'ok', sessions: await listSessions(db, currentUser(req)) }),
  );

  app.delete(
    '/user/sessions/:id',
    {
      onRequest: requireUser,
      preHandler: async (req) => {
        if (!UUID_PATTERN.test((req.params as { id: string }).id)) throw notFound(SECURITY_MSG.sessionNotFound);
      },
      schema: { tags, summary: 'End one of the caller’s sessions; that browser is logged out at its next request', params: idParams, response: { 200: okResponse } },
    },
    async (req, reply) => {
      if (await endSessionById(db, currentUser(req), req.params.id)) clearSessionCookie(reply, secure);
      return { success: true, message: SECURITY_MSG.sessionEnded };
    },
  );

  app.delete(
    '/user/sessions',
    { onRequest: requireUser, schema: { tags, summary: 'End every session of the caller but this one', response: { 200: okResponse } } },
    async (req) => {
      await endOtherSessions(db, currentUser(req));
      return { success: true, message: SECURITY_MSG.othersEnded };
    },
  );

  app.get(
    '/user/login-history',
    { onRequest: requireUser, schema: { tags, summary: 'The last 50 sign-in attempts of the caller’s account, newest first', response: { 200: loginHistoryResponse } } },
    async (req) => ({ success: true, message: 'ok', entries: await loginHistory(db, currentUser(req).id) }),
  );
};
