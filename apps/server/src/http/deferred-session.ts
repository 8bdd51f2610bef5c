// A session whose lookup a route makes in its own statement (`config: { deferSession: true }`, decision 030: the
// transfer). The session plugin (plugins/session.ts) finds the cookie and, instead of looking the session up, leaves
// it here with the ordinary lookup to run later; the route either adopts the user its statement read, or settles the
// session the ordinary way; an error answered before either settles it (app.ts), so a request without a valid
// session is answered 401 as on every other route.
import type { FastifyRequest } from 'fastify';

type SessionUser = NonNullable<FastifyRequest['user']>;

const deferred = new WeakMap<FastifyRequest, { hash: string; settle: () => Promise<void> }>();

/** Called by the session plugin: `settle` runs the ordinary lookup (it sets req.user, or leaves it null). */
export function deferSession(req: FastifyRequest, hash: string, settle: () => Promise<void>): void {
  deferred.set(req, { hash, settle });
}

/** The session hash of a request whose lookup was deferred, until it is settled or adopted. */
export function deferredSessionHash(req: FastifyRequest): string | undefined {
  return deferred.get(req)?.hash;
}

/** Runs a deferred session's ordinary lookup (expiry, idle time, touch): afterwards req.user is set or stays null. */
export async function settleSession(req: FastifyRequest): Promise<void> {
  const d = deferred.get(req);
  if (!d) return;
  deferred.delete(req);
  await d.settle();
}

/** The user a route's own statement read for the deferred session, by the ordinary lookup's rules. */
export function adoptSession(req: FastifyRequest, user: Omit<SessionUser, 'sessionHash'>): void {
  const d = deferred.get(req);
  if (!d) throw new Error('no deferred session to adopt');
  deferred.delete(req);
  req.user = { ...user, sessionHash: d.hash };
}
