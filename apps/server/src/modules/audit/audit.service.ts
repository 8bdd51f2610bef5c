// Every admin action (docs/product.md#security-rules) leaves one audit record, written in the same transaction as the action.
import { auditLog } from '../../db/schema/index.js';
import { sql } from 'drizzle-orm';
import { fixedStatement, type DbOrTx } from '../../db/client.js';

export type AuditAction =
  | 'user.role_changed'
  | 'user.deleted'
  | 'deposit.approved'
  | 'deposit.reverted'
  | 'deposit.deleted'
  | 'deposit.chain_assigned'
  | 'deposit.chain_dismissed'
  | 'deposit.addresses_swept'
  | 'withdrawal.processed'
  | 'withdrawal.unprocessed'
  | 'withdrawal.approved'
  | 'withdrawal.deleted'
  | 'points.added'
  | 'points.removed'
  | 'video.created'
  | 'video.updated'
  | 'video.deleted'
  | 'settings.changed'
  | 'subscription_code.created'
  | 'announcement.sent'
  | 'kyc.form_changed'
  | 'kyc.approved'
  | 'kyc.rejected';

export async function recordAudit(
  tx: DbOrTx,
  entry: { actorId: string; action: AuditAction; targetType: string; targetId: string | null; before?: unknown; after?: unknown },
) {
  await auditInsert(tx, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}

/** recordAudit's insert, built once: every admin action writes one. */
const auditInsert = fixedStatement<Record<string, never>, 'actorId' | 'action' | 'targetType' | 'targetId' | 'before' | 'after'>(
  (v) => sql`insert into ${auditLog} (actor_id, action, target_type, target_id, before, after)
    values (${v('actorId')}::uuid, ${v('action')}::text, ${v('targetType')}::text, ${v('targetId')}::text, ${v('before')}::text, ${v('after')}::text)`,
);
