// The actor of an admin action is checked again inside the action's own transaction: a session says what the
// user was when the request arrived, but a demotion or deletion may commit while the request is in flight.
import type { Role } from '@app/contract';
import { sql } from 'drizzle-orm';
import { forbidden } from '../errors.js';
import { fixedStatement, type Tx } from '../db/client.js';

export const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'SADMIN'];

/**
 * Locks the actor's user row FOR SHARE and refuses (403) unless the actor is live and holds one of `roles`. The
 * lock conflicts with the FOR NO KEY UPDATE a role change or deletion takes, so either that change committed
 * first and is seen here, or it waits until this action has committed. Call it first in the transaction, before
 * any other lock, so the order of locks stays the same everywhere.
 */
export async function recheckActor(tx: Tx, actorId: string, roles: readonly Role[] = ADMIN_ROLES): Promise<Role> {
  const { rows } = await actorStatement(tx, { actorId });
  const actor = rows[0];
  if (!actor || !actor.live || !roles.includes(actor.role)) throw forbidden('Your role has changed. Log in again to continue.');
  return actor.role;
}

const actorStatement = fixedStatement<{ role: Role; live: boolean }, 'actorId'>(
  (v) => sql`select role, deleted_at is null as live from users where id = ${v('actorId')}::uuid for share`,
);
