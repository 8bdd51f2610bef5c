// Adding e-mail jobs (decisions 014 and 023): the sweeper's batches of notifications from the outbox, and the
// announcements' batches in their delivery's transaction. The worker that runs the jobs is email-queue.ts (it
// imports the announcement task, which itself adds jobs here: kept apart, the two make no import cycle).
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export const EMAIL_TASK = 'notification_email';
/** An announcement's delivery to its audience, in batches (announcements.service.ts). */
export const ANNOUNCEMENT_TASK = 'announcement_delivery';
/** e^1 … e^10 seconds between attempts (then 6 h each): 25 attempts cover about five days of SMTP trouble. */
export const EMAIL_MAX_ATTEMPTS = 25;
/** A batch of notifications' e-mails, queued by the sweeper from the outbox (decision 023). */
export const EMAIL_BATCH_TASK = 'notification_email_batch';
/** At most this many notifications per batch job. */
export const EMAIL_BATCH_SIZE = 200;

const outboxWatchers = new Set<() => void>();
/** This process wrote to the e-mail outbox (notify.ts): its sweeper looks soon, rather than at its next poll. */
export function emailOutboxFilled(): void {
  for (const w of outboxWatchers) w();
}
/** The sweeper's wake-up (email-queue.ts); returns the function that removes it. */
export function watchEmailOutbox(wake: () => void): () => void {
  outboxWatchers.add(wake);
  return () => outboxWatchers.delete(wake);
}

/**
 * One statement (its own transaction): takes notifications out of the e-mail outbox, oldest first, and queues one job
 * for them all. The outbox holds one row per statement that wrote notifications, with all their ids
 * (notification_email_outbox_sets, decision 031), and, from an instance of an earlier release during a rolling
 * upgrade, one row per notification (notification_email_outbox, decision 023): a sweep takes whole rows of both,
 * up to EMAIL_BATCH_SIZE ids in all (a single row with more is taken alone). Rows another sweeper holds are
 * skipped, so instances share the work. The rows and the job change hands in one commit: nothing is lost or queued
 * twice. Returns how many notifications it took, and whether it left rows it could have taken (sweep again).
 */
export async function sweepEmailOutbox(db: DbOrTx): Promise<{ taken: number; more: boolean }> {
  const { rows } = await db.execute<{ n: number; more: boolean }>(sql`
    with candidates as materialized (
      select first_id, cardinality(notification_ids) as k from notification_email_outbox_sets
      order by first_id limit ${EMAIL_BATCH_SIZE} for update skip locked
    ), picked as materialized (
      select first_id, upto from (select first_id, sum(k) over (order by first_id) as upto, k from candidates) c
      where upto <= ${EMAIL_BATCH_SIZE} or upto = k
    ), sets as (
      delete from notification_email_outbox_sets where first_id in (select first_id from picked) returning notification_ids
    ), room as materialized (
      select ${EMAIL_BATCH_SIZE} - coalesce(max(upto), 0) as n from picked
    ), singles as (
      delete from notification_email_outbox where notification_id in (
        select notification_id from notification_email_outbox order by notification_id
        limit (select greatest(n, 0) from room) for update skip locked)
      returning notification_id as id
    ), taken as (
      select unnest(notification_ids) as id from sets union all select id from singles
    ), ids as (select coalesce(json_agg(id order by id), '[]'::json) as ids, count(*)::int as n from taken)
    select ids.n,
      -- A full batch, or a row left out because the batch was full: there may be more.
      ids.n >= ${EMAIL_BATCH_SIZE} or (select count(*) from picked) < (select count(*) from candidates) as more,
      case when ids.n > 0 then graphile_worker.add_job(${EMAIL_BATCH_TASK}, json_build_object('ids', ids.ids), max_attempts => ${EMAIL_MAX_ATTEMPTS}) end is not null as queued
    from ids`);
  return { taken: rows[0]?.n ?? 0, more: rows[0]?.more ?? false };
}

/**
 * The statement that queues, in one call, the e-mails of the notifications `ids` selects (a subquery returning a
 * column `id`): one job each, in the caller's transaction. Announcements use it for a whole batch.
 */
export function enqueueEmailsSql(ids: SQL, opts: { delaySeconds?: number } = {}): SQL {
  const runAt = opts.delaySeconds ? sql`now() + make_interval(secs => ${opts.delaySeconds})` : sql`null`;
  return sql`select graphile_worker.add_jobs(array(
    select row(${EMAIL_TASK}, json_build_object('id', q.id), null, ${runAt}, ${EMAIL_MAX_ATTEMPTS}, null, null, null)::graphile_worker.job_spec
    from (${ids}) q
  ))`;
}
