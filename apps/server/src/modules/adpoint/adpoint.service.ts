// Admin adjustments (DESIGN §5): equity:adjustments ↔ user, audited in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ADMIN_MSG, centsToNumber } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Tx } from '../../ledger/accounts.js';
import { post } from '../../ledger/ledger.js';
import { recordAudit } from '../audit/audit.service.js';

export async function adjustPoints(
  tx: Tx,
  actorId: string,
  direction: 'add' | 'remove',
  input: { email: string; points: number },
  idempotencyKey?: string,
): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound(ADMIN_MSG.userNotFound);
  const add = direction === 'add';
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
  await recordAudit(tx, {
    actorId,
    action: add ? 'points.added' : 'points.removed',
    targetType: 'user',
    targetId: user.id,
    after: { email: user.email, points: centsToNumber(input.points) },
  });
}
