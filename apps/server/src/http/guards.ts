// Authorisation on the server for every route: anonymous → 401, wrong role → 403.
// Attach a guard as the route's `onRequest` hook (not `preHandler`): it then runs before the body is
// parsed and validated, so an anonymous or under-privileged caller gets 401/403, never a 400 that
// discloses the route's validation rules. test/guards.test.ts checks every /api/v1 route this way.
import type { FastifyRequest } from 'fastify';
import { SECURITY_MSG, type Role } from '@app/contract';
import { forbidden, unauthorized } from '../errors.js';
import { deferredSessionHash } from './deferred-session.js';

/**
 * A signed-in user, or (on a `deferSession` route) a session whose lookup the route makes in its own statement: the
 * route then answers 401 itself when that session turns out not to be valid (plugins/session.ts).
 */
export async function requireUser(req: FastifyRequest) {
  if (!req.user && deferredSessionHash(req) === undefined) throw unauthorized();
}

export function requireRole(...roles: Role[]) {
  return async (req: FastifyRequest) => {
    if (!req.user) throw unauthorized();
    if (!roles.includes(req.user.role)) throw forbidden();
    await refuseAdminWithout2fa(req);
  };
}

/**
 * Setting ADMIN_2FA = required: an admin without two-factor sign-in holds no admin privilege, neither the admin
 * routes nor watching videos without a subscription (a stolen admin password alone must open nothing more).
 */
async function refuseAdminWithout2fa(req: FastifyRequest) {
  // req.user.twoFactor was read with the session, in the same statement (plugins/session.ts).
  if (req.server.settings.get('admin2fa') === 'required' && !req.user!.twoFactor) {
    throw forbidden(SECURITY_MSG.adminNeeds2fa);
  }
}

export const requireAdmin = requireRole('ADMIN', 'SADMIN');

/** Videos: subscribers, and admins (who manage them). */
export async function requireSubscriber(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  if (req.user.subscribed) return;
  if (req.user.role === 'USER') throw forbidden('An active subscription is required');
  await refuseAdminWithout2fa(req);
}

/** The session user of a guarded route. */
export function currentUser(req: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!req.user) throw unauthorized();
  return req.user;
}
