// Admin adjustments (docs/money.md): equity:adjustments ↔ user, audited in the same transaction.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG, DEPOSIT_MSG, centsToNumber } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { recheckActor } from '../../services/actor.js';
import { post } from '../../ledger/ledger.js';
import { recordAudit } from '../audit/audit.service.js';
import { notify } from '../notifications/notify.js';
import type { Tx } from '../../db/client.js';

export async function adjustPoints(
  tx: Tx,
  actorId: string,
  direction: 'add' | 'remove',
  input: { email: string; points: number },
  idempotencyKey?: string,
): Promise<void> {
  await recheckActor(tx, actorId);
  const add = direction === 'add';
  // A closed account keeps its e-mail (no one else can take it), so the e-mail still names it: points may be removed
  // from it, to settle and pay out what is left, but none added. FOR SHARE: a concurrent deletion is seen or waits.
  const [user] = await tx
    .select({ id: users.id, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1)
    .for('share');
  if (!user) throw notFound(ADMIN_MSG.userNotFound);
  if (add && user.deletedAt) throw conflict(DEPOSIT_MSG.accountClosed);
  const userSide = add ? input.points : -input.points;
  await post(tx, {
    kind: add ? 'adjustment_add' : 'adjustment_remove',
    eventKey: idempotencyKey ? `adjustment:${actorId}:key:${idempotencyKey}` : `adjustment:${randomUUID()}`,
    postings: [
      { account: { code: 'equity:adjustments' }, amountCents: -userSide },
      { account: { userId: user.id }, amountCents: userSide },
    ],
    actorId,
    memo: { userId: user.id, email: user.email },
    insufficientMessage: ADMIN_MSG.insufficient,
    insufficientStatus: 409,
  });
  await notify(tx, { userId: user.id, kind: add ? 'points_added' : 'points_removed', params: { amountCents: input.points } });
  await recordAudit(tx, {
    actorId,
    action: add ? 'points.added' : 'points.removed',
    targetType: 'user',
    targetId: user.id,
    after: { email: user.email, points: centsToNumber(input.points) },
  });
}
