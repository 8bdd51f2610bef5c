// Subscription codes (docs/product.md#drop-in-clients): an admin generates a single-use code (audited); a user applies it and is
// subscribed, free of charge. Applying locks the user's row first (as activateWithPoints does), then takes the code
// with one conditional UPDATE (… where used_by is null): of two users racing for one code exactly one gets it, the
// other a 400; a user already subscribed gets a 409 and the code stays unused. No money moves, so no ledger entry.
import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LIST_ALL_MAX,
  SUBSCRIPTION_CODE_ALPHABET,
  SUBSCRIPTION_CODE_LENGTH,
  SUBSCRIPTION_CODE_MSG,
  type SubscriptionCodeRecord,
} from '@app/contract';
import { type Db } from '../../db/client.js';
import { notify } from '../notifications/notify.js';
import { subscriptionCodes, users } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { recheckActor } from '../../services/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { inTransaction } from '../../db/transaction.js';

/** 12 characters, each drawn uniformly from the alphabet by the CSPRNG (crypto.randomInt: no modulo bias). */
export function newSubscriptionCode(): string {
  let code = '';
  for (let i = 0; i < SUBSCRIPTION_CODE_LENGTH; i++) code += SUBSCRIPTION_CODE_ALPHABET[randomInt(SUBSCRIPTION_CODE_ALPHABET.length)];
  return code;
}

const VALID = new RegExp(`^[${SUBSCRIPTION_CODE_ALPHABET}]{${SUBSCRIPTION_CODE_LENGTH}}$`);

export async function createSubscriptionCode(db: Db, actorId: string): Promise<SubscriptionCodeRecord> {
  return inTransaction(db, async (tx) => {
    await recheckActor(tx, actorId);
    // Two equal codes out of 31^12 are next to impossible; the unique key turns one into another draw.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await tx
        .insert(subscriptionCodes)
        .values({ code: newSubscriptionCode(), createdBy: actorId })
        .onConflictDoNothing({ target: subscriptionCodes.code })
        .returning();
      if (!row) continue;
      await recordAudit(tx, { actorId, action: 'subscription_code.created', targetType: 'subscription_code', targetId: row.id, after: { code: row.code } });
      const [creator] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actorId));
      return { _id: row.id, code: row.code, used: false, usedBy: null, usedAt: null, createdBy: creator.email, createdAt: row.createdAt.toISOString() };
    }
    throw new AppError(500, 'A subscription code could not be made');
  });
}

/** Newest first, with who made each and who used it when; at most LIST_ALL_MAX (`capped` says there were more). */
export async function listSubscriptionCodes(db: Db): Promise<{ codes: SubscriptionCodeRecord[]; capped: boolean }> {
  const creator = alias(users, 'creator');
  const user = alias(users, 'used_by_user');
  const rows = await db
    .select({ c: subscriptionCodes, createdBy: creator.email, usedBy: user.email })
    .from(subscriptionCodes)
    .innerJoin(creator, eq(creator.id, subscriptionCodes.createdBy))
    .leftJoin(user, eq(user.id, subscriptionCodes.usedBy))
    .orderBy(desc(subscriptionCodes.createdAt), desc(subscriptionCodes.id))
    .limit(LIST_ALL_MAX + 1);
  return {
    codes: rows.slice(0, LIST_ALL_MAX).map((r) => ({
      _id: r.c.id,
      code: r.c.code,
      used: r.c.usedBy !== null,
      usedBy: r.usedBy,
      usedAt: r.c.usedAt?.toISOString() ?? null,
      createdBy: r.createdBy,
      createdAt: r.c.createdAt.toISOString(),
    })),
    capped: rows.length > LIST_ALL_MAX,
  };
}

/** POST /subscription/apply-code: `code` is already normalised (upper case, no dashes or spaces). */
export async function applySubscriptionCode(db: Db, userId: string, code: string): Promise<void> {
  if (!VALID.test(code)) throw badRequest(SUBSCRIPTION_CODE_MSG.unknown);
  await inTransaction(db, async (tx) => {
    // FOR NO KEY UPDATE, as activateWithPoints: one user's activations run one after another.
    const { rows } = await tx.execute<{ subscribed: boolean; live: boolean }>(
      sql`select subscribed_at is not null as subscribed, deleted_at is null as live from users where id = ${userId} for no key update`,
    );
    if (!rows[0]?.live) throw notFound('User not found');
    if (rows[0].subscribed) throw conflict(SUBSCRIPTION_CODE_MSG.already);
    const taken = await tx.execute<{ id: string }>(sql`
      update subscription_codes set used_by = ${userId}, used_at = now()
      where code = ${code} and used_by is null
      returning id`);
    if (taken.rows.length === 0) {
      const exists = await tx.execute(sql`select 1 from subscription_codes where code = ${code}`);
      throw badRequest(exists.rows.length ? SUBSCRIPTION_CODE_MSG.used : SUBSCRIPTION_CODE_MSG.unknown);
    }
    await tx.execute(sql`update users set subscribed_at = now(), updated_at = now() where id = ${userId}`);
    await notify(tx, { userId, kind: 'subscription_activated', params: { priceCents: 0, via: 'code' } });
  });
}
