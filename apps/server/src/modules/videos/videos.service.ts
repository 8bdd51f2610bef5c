// Videos (docs/product.md#videos): admins manage them (each change audited in its own transaction), subscribers watch them,
// and POST /video/add-point pays a video's own points once per user, video and UTC day.
//
// Reward rules, in the order they are checked inside one database transaction:
//   1. the video exists and is not deleted (else 404);
//   2. the caller's view row (written by GET /video/{id}) is locked FOR UPDATE, so concurrent requests for the
//      same user and video queue here;
//   3. no reward for (user, video, today UTC) exists (else 409) — checked after the lock, so a request that
//      waited behind a paying one sees its row;
//   4. a view exists (else 400 "Open the video…") and time × 60 − 2 s have passed since it started (else 400);
//   5. one statement moves the points (event key video:<user>:<video>:<day>, unique) and writes the video_rewards row
//      (unique user+video+day); the view row is consumed before it, all in that same transaction.
// A view pays at most once: the next reward needs the video opened (and watched) again.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { VIDEO_MSG, VIDEO_REWARD_SLACK_SECONDS, centsToNumber, formatCents, type LibraryVideo, type PublicVideo } from '@app/contract';
import { executeNamed, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import { videoRewards, videoViews, videos } from '../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { DuplicateEventError, postingCall, postingDone, postingError, type PostInput } from '../../ledger/ledger.js';
import { recordAudit } from '../audit/audit.service.js';
import { recheckActor } from '../../services/actor.js';
import { payReferralShares, prepareRewardCommissions, type ReferralRules } from '../referrals/referrals.service.js';
import { inTransaction } from '../../db/transaction.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type VideoRow = typeof videos.$inferSelect;

export interface VideoInput {
  link: string;
  /** undefined: not sent (an edit keeps the stored title); null: no title. */
  title?: string | null;
  point: number; // cents
  time: number; // centiminutes
}

export function toPublicVideo(v: VideoRow): PublicVideo {
  return {
    _id: v.id,
    title: v.title,
    link: v.link,
    point: centsToNumber(v.pointCents),
    time: v.timeCentiminutes / 100,
    createdAt: v.createdAt.toISOString(),
  };
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Milliseconds of watching before the reward is due: time × 60 s − 2 s (never negative). */
export const rewardDelayMs = (timeCentiminutes: number) => Math.max(0, timeCentiminutes * 600 - VIDEO_REWARD_SLACK_SECONDS * 1000);

async function findLive(db: DbOrTx, id: string, lock = false): Promise<VideoRow> {
  if (!UUID.test(id)) throw notFound(VIDEO_MSG.notFound);
  const q = db.select().from(videos).where(and(eq(videos.id, id), isNull(videos.deletedAt))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(VIDEO_MSG.notFound);
  return row;
}

/**
 * Every live video, newest first, with what the caller did with it today (UTC): watched (opened today, or paid
 * today: a payment consumes the view) and what today's reward paid them, read from the ledger entry itself (an
 * edited video may pay a different amount later the same day for someone else, never twice for them).
 */
export async function listVideos(db: Db, clock: Clock, userId: string): Promise<LibraryVideo[]> {
  const now = clock();
  const day = utcDay(now);
  const dayStart = new Date(`${day}T00:00:00.000Z`);
  // Written with aliases: drizzle names a column without its table inside a select's sql, which a subquery cannot resolve.
  const earned = sql<string | null>`(
    select sum(e.amount_cents) from video_rewards r
    join ledger_entries e on e.transaction_id = r.ledger_transaction_id
    join ledger_accounts a on a.id = e.account_id and a.user_id = ${userId}
    where r.user_id = ${userId} and r.video_id = "videos"."id" and r.day = ${day}
  )`;
  const opened = sql<boolean>`exists (
    select 1 from video_views w where w.user_id = ${userId} and w.video_id = "videos"."id" and w.started_at >= ${dayStart.toISOString()}
  )`;
  const rows = await db
    .select({ video: videos, earned, opened })
    .from(videos)
    .where(isNull(videos.deletedAt))
    .orderBy(desc(videos.createdAt), desc(videos.id));
  return rows.map((r) => {
    const earnedCents = r.earned === null ? 0 : Number(r.earned);
    return { ...toPublicVideo(r.video), watchedToday: earnedCents > 0 || Boolean(r.opened), earnedToday: centsToNumber(earnedCents) };
  });
}

/** Opens a video: (re)starts the caller's watch timer for it. */
export async function openVideo(db: Db, clock: Clock, userId: string, id: string): Promise<PublicVideo> {
  const video = await findLive(db, id);
  const now = clock();
  await db
    .insert(videoViews)
    .values({ userId, videoId: video.id, startedAt: now })
    .onConflictDoUpdate({ target: [videoViews.userId, videoViews.videoId], set: { startedAt: now } });
  return toPublicVideo(video);
}

export async function createVideo(db: Db, clock: Clock, actorId: string, input: VideoInput): Promise<PublicVideo> {
  return inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    const now = clock();
    const [row] = await tx
      .insert(videos)
      .values({ link: input.link, title: input.title ?? null, pointCents: input.point, timeCentiminutes: input.time, createdAt: now, updatedAt: now })
      .returning();
    const video = toPublicVideo(row);
    await recordAudit(tx, { actorId, action: 'video.created', targetType: 'video', targetId: row.id, after: video });
    return video;
  });
}

export async function updateVideo(db: Db, clock: Clock, actorId: string, id: string, input: VideoInput): Promise<PublicVideo> {
  return inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    const before = await findLive(tx, id, true);
    const [row] = await tx
      .update(videos)
      .set({ link: input.link, ...(input.title === undefined ? {} : { title: input.title }), pointCents: input.point, timeCentiminutes: input.time, updatedAt: clock() })
      .where(eq(videos.id, before.id))
      .returning();
    const video = toPublicVideo(row);
    await recordAudit(tx, { actorId, action: 'video.updated', targetType: 'video', targetId: row.id, before: toPublicVideo(before), after: video });
    return video;
  });
}

/** Soft delete: the row stays (rewards reference it), it is no longer listed, opened or paid. */
export async function deleteVideo(db: Db, clock: Clock, actorId: string, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    const before = await findLive(tx, id, true);
    const now = clock();
    await tx.update(videos).set({ deletedAt: now, updatedAt: now }).where(eq(videos.id, before.id));
    await recordAudit(tx, {
      actorId,
      action: 'video.deleted',
      targetType: 'video',
      targetId: before.id,
      before: toPublicVideo(before),
      after: { deletedAt: now.toISOString() },
    });
  });
}

/**
 * Pays the video's own points to the caller if the rules above allow, and the referral commissions on them
 * (modules/referrals) in the same transaction; runs inside runMoneyOperation's transaction.
 */
export async function awardVideoPoints(tx: Tx, clock: Clock, userId: string, videoId: string, referral: ReferralRules): Promise<{ pointCents: number }> {
  const video = await findLive(tx, videoId);
  const [view] = await tx
    .select({ startedAt: videoViews.startedAt })
    .from(videoViews)
    .where(and(eq(videoViews.userId, userId), eq(videoViews.videoId, video.id)))
    .for('update');
  // Read "now" after the lock: a request that queued behind another is judged at the time it is served.
  const now = clock();
  const day = utcDay(now);
  const [paid] = await tx
    .select({ day: videoRewards.day })
    .from(videoRewards)
    .where(and(eq(videoRewards.userId, userId), eq(videoRewards.videoId, video.id), eq(videoRewards.day, day)))
    .limit(1);
  if (paid) throw conflict(VIDEO_MSG.alreadyPaid);
  if (!view) throw badRequest(VIDEO_MSG.openFirst);
  const leftMs = view.startedAt.getTime() + rewardDelayMs(video.timeCentiminutes) - now.getTime();
  if (leftMs > 0) {
    const seconds = Math.ceil(leftMs / 1000);
    throw badRequest(`${VIDEO_MSG.notDue} (${seconds} second${seconds === 1 ? '' : 's'} left)`);
  }

  const eventKey = `video:${userId}:${video.id}:${day}`;
  // The view is used up before anything is posted: the posting locks the one expense:rewards account that every
  // reward shares, until the commit, so each statement after it holds every other reward back.
  await tx.delete(videoViews).where(and(eq(videoViews.userId, userId), eq(videoViews.videoId, video.id)));
  const shares = await prepareRewardCommissions(tx, referral, userId, video.pointCents, { codes: ['expense:rewards'], userIds: [userId] });
  const posting: PostInput = {
    kind: 'video_reward',
    eventKey,
    postings: [
      { account: { code: 'expense:rewards' }, amountCents: -video.pointCents },
      { account: { userId }, amountCents: video.pointCents },
    ],
    actorId: userId,
    memo: { videoId: video.id, day, startedAt: view.startedAt.toISOString() },
  };
  try {
    // The posting and the reward's row in one statement: the shared account is locked until the commit (above).
    await executeNamed(tx, sql`
      insert into ${videoRewards} (user_id, video_id, day, ledger_transaction_id, created_at)
      select ${userId}::uuid, ${video.id}::uuid, ${day}::text, ${postingCall(posting)}, ${now.toISOString()}::timestamptz`);
  } catch (e) {
    // Either unique key (ledger event or user+video+day) means another request already paid today.
    const mapped = postingError(e, {});
    if (mapped instanceof DuplicateEventError) throw conflict(VIDEO_MSG.alreadyPaid);
    throw mapped;
  }
  postingDone(tx, posting.kind);
  await payReferralShares(tx, shares, { kind: 'referral_commission', causeKey: eventKey, actorId: userId, memo: { videoId: video.id, rewardCents: video.pointCents } });
  return { pointCents: video.pointCents };
}

export const rewardMessage = (pointCents: number) => `You earned ${formatCents(pointCents)} points`;

