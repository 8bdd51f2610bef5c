// Adding e-mail jobs (decision 014), in the caller's transaction: what notify() and the announcements write with
// their rows. The worker that runs the jobs is email-queue.ts (it imports the announcement task, which itself adds
// jobs here: kept apart, the two make no import cycle).
import { sql, type SQL } from 'drizzle-orm';
import { ALWAYS_ON_CATEGORIES, NOTIFICATION_KIND_CATEGORY, type NotificationKind } from '@app/contract';
import type { DbOrTx } from '../../db/client.js';

export const EMAIL_TASK = 'notification_email';
/** An announcement's delivery to its audience, in batches (announcements.service.ts). */
export const ANNOUNCEMENT_TASK = 'announcement_delivery';
/** e^1 … e^10 seconds between attempts (then 6 h each): 25 attempts cover about five days of SMTP trouble. */
export const EMAIL_MAX_ATTEMPTS = 25;
/**
 * Queues, in the caller's transaction and one statement, the e-mails of notifications just written (notify.ts
 * through email-hook.ts), except announcements (their sender queues them in bulk) and those whose category's
 * e-mail the user turned off (security's never is).
 */
export async function enqueueNotificationEmails(tx: DbOrTx, written: { id: number; userId: string; kind: NotificationKind }[]): Promise<void> {
  const queued = written.filter((w) => w.kind !== 'announcement');
  if (!queued.length) return;
  const ids = queued.map((w) => w.id);
  const userIds = queued.map((w) => w.userId);
  const categories = queued.map((w) => NOTIFICATION_KIND_CATEGORY[w.kind]);
  await tx.execute(
    enqueueEmailsSql(sql`
      select w.id from unnest(${sql.param(ids)}::bigint[], ${sql.param(userIds)}::uuid[], ${sql.param(categories)}::text[]) as w(id, user_id, category)
      where w.category = any(${sql.param([...ALWAYS_ON_CATEGORIES])}::text[])
         or not exists (select 1 from notification_email_off o where o.user_id = w.user_id and o.category = w.category)`),
  );
}

/**
 * The statement that queues, in one call, the e-mails of the notifications `ids` selects (a subquery returning a
 * column `id`): one job each, in the caller's transaction. Announcements use it for a whole batch.
 */
export function enqueueEmailsSql(ids: SQL): SQL {
  return sql`select graphile_worker.add_jobs(array(
    select row(${EMAIL_TASK}, json_build_object('id', q.id), null, null, ${EMAIL_MAX_ATTEMPTS}, null, null, null)::graphile_worker.job_spec
    from (${ids}) q
  ))`;
}
