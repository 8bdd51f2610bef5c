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
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { VIDEO_MSG, VIDEO_REWARD_SLACK_SECONDS, centsToNumber, formatCents, type LibraryVideo, type PublicVideo } from '@app/contract';
import { allColumns, fixedStatement, tableRow, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import { videoRewards, videoViews, videos } from '../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { DuplicateEventError, fixedPostingCall, postingDone, postingError, postingValues, type PostInput, type PostingKey } from '../../ledger/ledger.js';
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
  const { rows } = await (lock ? liveVideoLocked : liveVideo)(db, { id });
  if (!rows[0]) throw notFound(VIDEO_MSG.notFound);
  return tableRow(videos, rows[0]);
}

// findLive's two statements, and the reward's, built once (fixedStatement): every reward sends them.
const liveVideo = fixedStatement<Record<string, unknown>, 'id'>((v) => sql`select ${allColumns(videos)} from ${videos} where id = ${v('id')}::uuid and deleted_at is null`);
const liveVideoLocked = fixedStatement<Record<string, unknown>, 'id'>(
  (v) => sql`select ${allColumns(videos)} from ${videos} where id = ${v('id')}::uuid and deleted_at is null for update`,
);
const lockView = fixedStatement<{ started_at: string }, 'userId' | 'videoId'>(
  (v) => sql`select started_at from ${videoViews} where user_id = ${v('userId')}::uuid and video_id = ${v('videoId')}::uuid for update`,
);
const paidToday = fixedStatement<{ day: string }, 'userId' | 'videoId' | 'day'>(
  (v) => sql`select day from ${videoRewards} where user_id = ${v('userId')}::uuid and video_id = ${v('videoId')}::uuid and day = ${v('day')}::text limit 1`,
);
const useView = fixedStatement<Record<string, never>, 'userId' | 'videoId'>(
  (v) => sql`delete from ${videoViews} where user_id = ${v('userId')}::uuid and video_id = ${v('videoId')}::uuid`,
);
/** The reward's posting and its row in one statement: the shared account is locked until the commit. */
const rewardInsert = fixedStatement<Record<string, never>, PostingKey | 'userId' | 'videoId' | 'day' | 'now'>(
  (v) => sql`
    insert into ${videoRewards} (user_id, video_id, day, ledger_transaction_id, created_at)
    select ${v('userId')}::uuid, ${v('videoId')}::uuid, ${v('day')}::text, ${fixedPostingCall(v)}, ${v('now')}::timestamptz`,
);

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
  const viewRow = (await lockView(tx, { userId, videoId: video.id })).rows[0];
  const view = viewRow && { startedAt: videoViews.startedAt.mapFromDriverValue(viewRow.started_at) as Date };
  // Read "now" after the lock: a request that queued behind another is judged at the time it is served.
  const now = clock();
  const day = utcDay(now);
  const [paid] = (await paidToday(tx, { userId, videoId: video.id, day })).rows;
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
  await useView(tx, { userId, videoId: video.id });
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
    await rewardInsert(tx, { ...postingValues(posting), userId, videoId: video.id, day, now });
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

