// Announcements (docs/product.md#notifications): an admin writes to all users, to subscribers (an active subscription) or to admins.
// The announcement, its audit record and a queue job are written in one transaction; the job (email-queue.ts)
// then writes the recipients' notifications in batches of BATCH users, each batch one INSERT … SELECT in its own
// transaction that also moves the announcement's cursor (delivered_through) and, when e-mail was ticked, queues
// the batch's e-mails in one add_jobs call (skipping users who turned announcement e-mails off). A crash between
// batches loses nothing: the job runs again and goes on from the cursor. Each batch's insert NOTIFYs the
// instances once ("*": every connected client re-checks; migration 0013's trigger).
import type { AnnouncementAudience, AnnouncementRecord, NotificationParams } from '@app/contract';
import { ANNOUNCEMENT_AUDIENCES } from '@app/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { recheckActor } from '../../services/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyAudience } from './notify.js';
import { ANNOUNCEMENT_TASK, enqueueEmailsSql } from './email-jobs.js';
import { inTransaction } from '../../db/transaction.js';
import { classXactLock } from '../../db/locks.js';

/** Users per batch: one transaction each, so other notification writers wait at most one batch. */
export const ANNOUNCEMENT_BATCH = 10_000;

/** Live users of an audience (users_subscribers_idx and users_admins_idx serve the two narrow ones). */
function audienceWhere(audience: AnnouncementAudience): SQL {
  switch (audience) {
    case 'all':
      return sql`u.deleted_at is null`;
    case 'subscribers':
      return sql`u.deleted_at is null and u.subscribed_at is not null`;
    case 'admins':
      return sql`u.deleted_at is null and u.role <> 'USER'`;
  }
}

type AnnouncementRow = {
  id: string;
  audience: AnnouncementAudience;
  title: string;
  body: string;
  email: boolean;
  recipients: number;
  created_at: Date | string;
};

const toRecord = (r: AnnouncementRow): AnnouncementRecord => ({
  _id: r.id,
  audience: r.audience,
  title: r.title,
  body: r.body,
  email: r.email,
  recipients: Number(r.recipients),
  createdAt: new Date(r.created_at).toISOString(),
});

/** Records an announcement (audited) and queues its delivery, in one transaction that re-checks the actor. */
export async function createAnnouncement(
  db: Db,
  actorId: string,
  input: { audience: AnnouncementAudience; title: string; body: string; email: boolean },
): Promise<AnnouncementRecord> {
  if (!ANNOUNCEMENT_AUDIENCES.includes(input.audience)) throw new Error(`unknown audience ${input.audience}`);
  return inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    const { rows } = await tx.execute<AnnouncementRow>(sql`
      insert into announcements (audience, title, body, email, recipients, created_by)
      select ${input.audience}, ${input.title}, ${input.body}, ${input.email}, count(*), ${actorId} from users u where ${audienceWhere(input.audience)}
      returning id, audience, title, body, email, recipients, created_at`);
    const a = rows[0];
    await recordAudit(tx, {
      actorId,
      action: 'announcement.sent',
      targetType: 'announcement',
      targetId: a.id,
      after: { audience: a.audience, title: a.title, email: a.email, recipients: Number(a.recipients) },
    });
    await tx.execute(sql`select graphile_worker.add_job(${ANNOUNCEMENT_TASK}, json_build_object('id', ${a.id}::text), max_attempts := 25)`);
    return toRecord(a);
  });
}

/** One batch in its own transaction; false when the announcement is fully delivered. */
async function deliverBatch(db: Db, id: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select ${classXactLock('announcementDelivery', sql`1`)}`);
    const { rows } = await tx.execute<{ audience: AnnouncementAudience; title: string; body: string; email: boolean; delivered_through: string | null; done: boolean }>(
      sql`select audience, title, body, email, delivered_through, delivered_at is not null as done from announcements where id = ${id} for update`,
    );
    const a = rows[0];
    if (!a || a.done) return false;
    // Every announcement row committed before this lock has a lower id: the rows above `before` of kind
    // 'announcement' are this batch's (notifications of other kinds written meanwhile are told apart by kind).
    const before = Number((await tx.execute<{ m: string }>(sql`select coalesce(max(id), 0)::text as m from notifications`)).rows[0].m);
    const after = a.delivered_through ? sql`and u.id > ${a.delivered_through}::uuid` : sql``;
    const params: NotificationParams['announcement'] = { title: a.title, body: a.body };
    const written = await notifyAudience(tx, {
      usersSql: sql`select u.id from users u where ${audienceWhere(a.audience)} ${after} order by u.id limit ${ANNOUNCEMENT_BATCH}`,
      kind: 'announcement',
      params,
    });
    const mine = sql`select n.id, n.user_id from notifications n where n.id > ${before} and n.kind = 'announcement'`;
    if (a.email && written > 0) {
      await tx.execute(
        enqueueEmailsSql(sql`select m.id from (${mine}) m
          where not exists (select 1 from notification_email_off o where o.user_id = m.user_id and o.category = 'announcements')`),
      );
    }
    const last = written > 0 ? (await tx.execute<{ user_id: string }>(sql`select m.user_id from (${mine}) m order by m.user_id desc limit 1`)).rows[0].user_id : a.delivered_through;
    const finished = written < ANNOUNCEMENT_BATCH;
    await tx.execute(sql`
      update announcements set delivered_through = ${last}::uuid, delivered = delivered + ${written},
        delivered_at = ${finished ? sql`now()` : sql`null`}
      where id = ${id}`);
    return !finished;
  });
}

/** The queue job of an announcement: every remaining batch, from the cursor on. */
export async function deliverAnnouncement(db: Db, id: string): Promise<void> {
  while (await deliverBatch(db, id));
}

/** The announcements, newest first, a page at a time. */
export async function listAnnouncements(db: DbOrTx, q: { page: number; limit: number }): Promise<{ announcements: AnnouncementRecord[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.execute<AnnouncementRow>(sql`
      select id, audience, title, body, email, recipients, created_at from announcements
      order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from announcements`),
  ]);
  return { announcements: rows.map(toRecord), total: count.rows[0].n };
}
