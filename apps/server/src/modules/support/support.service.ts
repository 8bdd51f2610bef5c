// Support tickets (docs/product.md#support): a user's tickets and the operator's desk. The user's limits (open
// tickets, messages an hour) are counted under a lock of that user (db/locks.ts supportUser), so requests sent
// together cannot all pass the count. Internal notes are staff messages with `internal`: no query the user's
// routes run ever selects them, and they notify nobody.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  SUPPORT_LIMITS,
  SUPPORT_MSG,
  centsToNumber,
  formatCents,
  type AdminTicketSummary,
  type AdminTicketThread,
  type CreateTicketInput,
  type AdminReplyInput,
  type SupportCategory,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
  type TicketThread,
} from '@app/contract';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { classXactLock } from '../../db/locks.js';
import { deposits, supportAttachments, supportMessages, supportTickets, users, withdrawals } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound, tooMany } from '../../errors.js';
import { likePattern } from '../../http/route-helpers.js';
import { userBalanceCents } from '../../ledger/accounts.js';
import { recheckActor } from '../../services/actor.js';
import { notifyMany } from '../notifications/notify.js';
import { checkFiles, type CheckedFile } from './files.js';

type TicketRow = typeof supportTickets.$inferSelect;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const newer = (a: Date | null, b: Date | null) => a !== null && (b === null || a > b);

async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`select ${classXactLock('supportUser', sql`hashtext(${userId})`)}`);
}

/** The user's limits, counted under their lock: open tickets (when opening one) and messages in the last hour. */
async function checkUserLimits(tx: Tx, userId: string, now: Date, opening: boolean) {
  if (opening) {
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, userId), sql`${supportTickets.status} <> 'closed'`));
    if (open.n >= SUPPORT_LIMITS.openTicketsPerUser) throw conflict(SUPPORT_MSG.tooManyOpen);
  }
  const [sent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(and(eq(supportMessages.authorId, userId), eq(supportMessages.staff, false), sql`${supportMessages.createdAt} > ${new Date(now.getTime() - HOUR_MS)}`));
  if (sent.n >= SUPPORT_LIMITS.messagesPerHour) throw tooMany(SUPPORT_MSG.tooManyMessages);
}

async function addMessage(
  tx: Tx,
  m: { ticketId: string; authorId: string; staff: boolean; internal: boolean; body: string; files: CheckedFile[]; now: Date },
): Promise<void> {
  const [row] = await tx
    .insert(supportMessages)
    .values({ ticketId: m.ticketId, authorId: m.authorId, staff: m.staff, internal: m.internal, body: m.body, createdAt: m.now })
    .returning({ id: supportMessages.id });
  if (m.files.length > 0) {
    await tx.insert(supportAttachments).values(
      m.files.map((f, position) => ({ messageId: row.id, position, ticketId: m.ticketId, name: f.name, contentType: f.type, size: f.bytes.length, data: f.bytes, createdAt: m.now })),
    );
  }
}

/** Who hears of a user's message: the assigned admin, else every live admin (never the author). */
async function tellStaff(tx: Tx, ticket: TicketRow) {
  const staff = ticket.assignedTo
    ? [ticket.assignedTo]
    : (await tx.select({ id: users.id }).from(users).where(and(inArray(users.role, ['ADMIN', 'SADMIN']), isNull(users.deletedAt)))).map((u) => u.id);
  const params = { number: ticket.number, subject: ticket.subject };
  await notifyMany(
    tx,
    staff.filter((id) => id !== ticket.userId).map((userId) => ({ userId, kind: 'support_message' as const, params })),
  );
}

/** The deposit or withdrawal a ticket is about must be the user's own, and not deleted. */
async function checkAbout(tx: Tx, userId: string, about: { kind: 'deposit' | 'withdrawal'; id: string }) {
  const table = about.kind === 'deposit' ? deposits : withdrawals;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, about.id), eq(table.userId, userId), isNull(table.hiddenAt)));
  if (!row) throw badRequest(SUPPORT_MSG.recordNotFound);
}

export async function createTicket(db: Db, clock: Clock, userId: string, input: CreateTicketInput): Promise<string> {
  const files = checkFiles(input.attachments);
  return inTransaction(db, async (tx) => {
    const now = clock();
    await lockUser(tx, userId);
    await checkUserLimits(tx, userId, now, true);
    if (input.about) await checkAbout(tx, userId, input.about);
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId,
        subject: input.subject,
        category: input.category,
        aboutKind: input.about?.kind ?? null,
        aboutId: input.about?.id ?? null,
        waitingSince: now,
        lastUserMessageAt: now,
        userReadAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await addMessage(tx, { ticketId: ticket.id, authorId: userId, staff: false, internal: false, body: input.message, files, now });
    await tellStaff(tx, ticket);
    return ticket.id;
  });
}

async function ownTicketForUpdate(tx: Tx, userId: string, id: string): Promise<TicketRow> {
  const [ticket] = await tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
    .for('update');
  if (!ticket) throw notFound(SUPPORT_MSG.notFound);
  return ticket;
}

async function ticketForUpdate(tx: Tx, id: string): Promise<TicketRow> {
  const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  if (!ticket) throw notFound(SUPPORT_MSG.notFound);
  return ticket;
}

/** The user writes on their own ticket: it is open (waiting for the operator) again. */
export async function userReply(db: Db, clock: Clock, userId: string, id: string, input: Omit<AdminReplyInput, 'internal'>) {
  const files = checkFiles(input.attachments);
  await inTransaction(db, async (tx) => {
    const now = clock();
    await lockUser(tx, userId);
    const ticket = await ownTicketForUpdate(tx, userId, id);
    if (ticket.status === 'closed') throw conflict(SUPPORT_MSG.closedReply);
    await checkUserLimits(tx, userId, now, false);
    await addMessage(tx, { ticketId: ticket.id, authorId: userId, staff: false, internal: false, body: input.message, files, now });
    await tx
      .update(supportTickets)
      .set({ status: 'open', waitingSince: ticket.waitingSince ?? now, lastUserMessageAt: now, userReadAt: now, updatedAt: now })
      .where(eq(supportTickets.id, ticket.id));
    await tellStaff(tx, ticket);
  });
}

/** An admin answers (the user is told) or writes an internal note (nobody is told; the user never sees it). */
export async function staffReply(
  db: Db,
  clock: Clock,
  actorId: string,
  id: string,
  input: AdminReplyInput,
) {
  const files = checkFiles(input.attachments);
  await inTransaction(db, async (tx) => {
    const now = clock();
    await recheckActor(tx, actorId);
    const ticket = await ticketForUpdate(tx, id);
    if (!input.internal && ticket.status === 'closed') throw conflict(SUPPORT_MSG.closedReply);
    await addMessage(tx, { ticketId: ticket.id, authorId: actorId, staff: true, internal: input.internal, body: input.message, files, now });
    if (input.internal) {
      await tx.update(supportTickets).set({ staffReadAt: now }).where(eq(supportTickets.id, ticket.id));
      return;
    }
    await tx
      .update(supportTickets)
      .set({ status: 'answered', waitingSince: null, lastStaffReplyAt: now, staffReadAt: now, assignedTo: ticket.assignedTo ?? actorId, updatedAt: now })
      .where(eq(supportTickets.id, ticket.id));
    await notifyMany(tx, [{ userId: ticket.userId, kind: 'support_reply', params: { number: ticket.number, subject: ticket.subject } }]);
  });
}

export async function closeTicket(db: Db, clock: Clock, who: { userId: string } | { actorId: string }, id: string) {
  await inTransaction(db, async (tx) => {
    const now = clock();
    let ticket: TicketRow;
    if ('actorId' in who) {
      await recheckActor(tx, who.actorId);
      ticket = await ticketForUpdate(tx, id);
    } else {
      ticket = await ownTicketForUpdate(tx, who.userId, id);
    }
    if (ticket.status === 'closed') throw conflict(SUPPORT_MSG.alreadyClosed);
    await tx.update(supportTickets).set({ status: 'closed', closedAt: now, waitingSince: null, updatedAt: now }).where(eq(supportTickets.id, ticket.id));
  });
}

/** Within 7 days of its closing, the user may open their ticket again (it counts as open again). */
export async function reopenTicket(db: Db, clock: Clock, userId: string, id: string) {
  await inTransaction(db, async (tx) => {
    const now = clock();
    await lockUser(tx, userId);
    const ticket = await ownTicketForUpdate(tx, userId, id);
    if (ticket.status !== 'closed') throw conflict(SUPPORT_MSG.notClosed);
    if (!ticket.closedAt || now.getTime() - ticket.closedAt.getTime() > SUPPORT_LIMITS.reopenDays * DAY_MS) throw conflict(SUPPORT_MSG.reopenExpired);
    await checkUserLimits(tx, userId, now, true);
    await tx.update(supportTickets).set({ status: 'open', closedAt: null, waitingSince: now, updatedAt: now }).where(eq(supportTickets.id, ticket.id));
  });
}

export async function assignTicket(db: Db, actorId: string, id: string) {
  await inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    const ticket = await ticketForUpdate(tx, id);
    await tx.update(supportTickets).set({ assignedTo: actorId }).where(eq(supportTickets.id, ticket.id));
  });
}

// --- reading ---

const aboutLabel = sql<string | null>`case ${supportTickets.aboutKind}
  when 'deposit' then (select d.amount_cents::text || ' · ' || d.transaction_id from deposits d where d.id = ${supportTickets.aboutId})
  when 'withdrawal' then (select w.amount_cents::text || ' · ' || w.payment_id from withdrawals w where w.id = ${supportTickets.aboutId})
  end`;

/** "12.50 USDT · <reference>": the amount as every page reads it (docs/voice.md), then the transaction ID or the
 * payout address. */
const labelOf = (raw: string | null) => {
  if (!raw) return '';
  const at = raw.indexOf(' · ');
  return `${formatCents(Number(raw.slice(0, at)))} USDT${raw.slice(at)}`;
};

function summary(t: TicketRow & { label: string | null }, unread: boolean): TicketSummary {
  return {
    _id: t.id,
    number: t.number,
    subject: t.subject,
    category: t.category,
    status: t.status as TicketStatus,
    about: t.aboutKind && t.aboutId ? { kind: t.aboutKind, id: t.aboutId, label: labelOf(t.label) } : null,
    unread,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    closedAt: iso(t.closedAt),
  };
}

export async function listOwnTickets(db: DbOrTx, userId: string): Promise<TicketSummary[]> {
  const rows = await db
    .select({ t: supportTickets, label: aboutLabel })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.number));
  return rows.map(({ t, label }) => summary({ ...t, label }, newer(t.lastStaffReplyAt, t.userReadAt)));
}

async function messagesOf(db: DbOrTx, ticketId: string, withInternal: boolean): Promise<TicketMessage[]> {
  const rows = await db
    .select({ m: supportMessages, authorName: users.fullName })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.authorId))
    .where(and(eq(supportMessages.ticketId, ticketId), withInternal ? undefined : eq(supportMessages.internal, false)))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const ids = rows.map((r) => r.m.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({ id: supportAttachments.id, messageId: supportAttachments.messageId, name: supportAttachments.name, type: supportAttachments.contentType, size: supportAttachments.size })
          .from(supportAttachments)
          .where(inArray(supportAttachments.messageId, ids))
          .orderBy(asc(supportAttachments.messageId), asc(supportAttachments.position));
  return rows.map(({ m, authorName }) => ({
    _id: m.id,
    from: m.staff ? 'staff' : 'user',
    // The user sees "Support", not which admin answered.
    ...(withInternal ? { authorName } : {}),
    internal: m.internal,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    attachments: files.filter((f) => f.messageId === m.id).map((f) => ({ _id: f.id, name: f.name, type: f.type, size: f.size })),
  }));
}

/** The user's own ticket and its thread without internal notes; reading it clears its unread mark. */
export async function ownThread(db: Db, clock: Clock, userId: string, id: string): Promise<TicketThread> {
  const [row] = await db
    .select({ t: supportTickets, label: aboutLabel })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)));
  if (!row) throw notFound(SUPPORT_MSG.notFound);
  await db.update(supportTickets).set({ userReadAt: clock() }).where(eq(supportTickets.id, id));
  return { ...summary({ ...row.t, label: row.label }, false), messages: await messagesOf(db, id, false) };
}

const assignee = sql<string | null>`(select a.full_name from users a where a.id = ${supportTickets.assignedTo})`;

function adminSummary(r: { t: TicketRow; label: string | null; email: string; assigneeName: string | null }): AdminTicketSummary {
  return {
    ...summary({ ...r.t, label: r.label }, newer(r.t.lastUserMessageAt, r.t.staffReadAt)),
    email: r.email,
    userId: r.t.userId,
    assignedTo: r.t.assignedTo ? { _id: r.t.assignedTo, name: r.assigneeName ?? '' } : null,
    waitingSince: iso(r.t.waitingSince),
  };
}

/** The desk: open tickets first (oldest waiting first), then answered, then closed (latest first). */
export async function listDesk(
  db: DbOrTx,
  actorId: string,
  q: { page: number; limit: number; status?: TicketStatus; category?: SupportCategory; mine: boolean; q?: string },
): Promise<{ tickets: AdminTicketSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(supportTickets.status, q.status));
  if (q.category) where.push(eq(supportTickets.category, q.category));
  if (q.mine) where.push(eq(supportTickets.assignedTo, actorId));
  if (q.q) where.push(sql`(${users.email} ilike ${likePattern(q.q)} or ${supportTickets.subject} ilike ${likePattern(q.q)})`);
  const filter = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ t: supportTickets, label: aboutLabel, email: users.email, assigneeName: assignee })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(filter)
    .orderBy(
      sql`case ${supportTickets.status} when 'open' then 0 when 'answered' then 1 else 2 end`,
      sql`${supportTickets.waitingSince} asc nulls last`,
      desc(supportTickets.updatedAt),
      desc(supportTickets.number),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(filter);
  return { tickets: rows.map(adminSummary), total: count.n };
}

const RECENT = 5;

/** A ticket for the desk: the whole thread (internal notes too) and, beside it, the user's balance and last records. */
export async function deskThread(db: Db, clock: Clock, id: string): Promise<AdminTicketThread> {
  const [row] = await db
    .select({ t: supportTickets, label: aboutLabel, email: users.email, fullName: users.fullName, assigneeName: assignee })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, id));
  if (!row) throw notFound(SUPPORT_MSG.notFound);
  await db.update(supportTickets).set({ staffReadAt: clock() }).where(eq(supportTickets.id, id));
  const userId = row.t.userId;
  const [balance, lastDeposits, lastWithdrawals, messages] = await Promise.all([
    userBalanceCents(db, userId),
    db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), isNull(deposits.hiddenAt)))
      .orderBy(desc(deposits.createdAt))
      .limit(RECENT),
    db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), isNull(withdrawals.hiddenAt)))
      .orderBy(desc(withdrawals.createdAt))
      .limit(RECENT),
    messagesOf(db, id, true),
  ]);
  return {
    ...adminSummary({ ...row, t: { ...row.t, staffReadAt: clock() } }),
    messages,
    account: {
      fullName: row.fullName,
      balance: centsToNumber(balance),
      deposits: lastDeposits.map((d) => ({ _id: d.id, amount: centsToNumber(d.amountCents), reference: d.transactionId, done: d.deposited, createdAt: d.createdAt.toISOString() })),
      withdrawals: lastWithdrawals.map((w) => ({ _id: w.id, amount: centsToNumber(w.amountCents), reference: w.paymentId, done: w.withdrawed, createdAt: w.createdAt.toISOString() })),
    },
  };
}

/** A file, for the ticket's user (not of an internal note) or an admin; anyone else gets 404. */
export async function attachmentFor(db: DbOrTx, who: { userId: string; staff: boolean }, id: string) {
  const [row] = await db
    .select({ name: supportAttachments.name, contentType: supportAttachments.contentType, data: supportAttachments.data, owner: supportTickets.userId, internal: supportMessages.internal })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .innerJoin(supportTickets, eq(supportTickets.id, supportAttachments.ticketId))
    .where(eq(supportAttachments.id, id));
  if (!row || (!who.staff && (row.owner !== who.userId || row.internal))) throw notFound(SUPPORT_MSG.attachmentNotFound);
  return row;
}
