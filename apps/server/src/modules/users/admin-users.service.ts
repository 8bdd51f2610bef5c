// The admin user desk (docs/product.md#security-rules): nobody changes or deletes a SADMIN, nobody changes their own role or
// deletes themselves, and a role can only become USER or ADMIN. Deleting is a soft delete: the account is
// deactivated and hidden, but everything money touched stays; the e-mail stays taken.
import { sql, type SQL } from 'drizzle-orm';
import type { AdminUserRow, Role } from '@app/contract';
import { centsToNumber } from '@app/contract';
import type { Clock } from '../../clock.js';
import { type Db, type Tx } from '../../db/client.js';
import { recheckActor } from '../../services/actor.js';
import { forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { revokeUserSessions } from '../../plugins/session.js';
import { rowCount } from '../../db/row-counts.js';
import { centsNumber, isoTime, readJson } from '../../db/json.js';
import { inTransaction } from '../../db/transaction.js';
import { recentCommonTrigrams, substringMatch } from '../../db/trigram-search.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What user `u` has been paid by the referral program (referral_team_earned_idx: only the rows that earned). */
const REFERRAL_EARNED = 'select coalesce(sum(t.earned_cents), 0) from referral_team t where t.ancestor_id = u.id and t.earned_cents > 0';

/** Admins first (SADMIN, ADMIN, then USER), newest first within a role: the order of users_admin_list_idx. */
const ADMIN_LIST_ORDER = sql.raw(`(case u.role when 'SADMIN' then 0 when 'ADMIN' then 1 else 2 end), u.created_at desc nulls last, u.id`);

/**
 * The search condition (after `where u.deleted_at is null`) for part of a name or e-mail, case-insensitive; empty
 * matches everyone. The trigram indexes read only the text's rare part (db/trigram-search.ts, decision 027).
 */
async function userSearch(db: Db, text: string | undefined): Promise<SQL> {
  const q = text?.trim();
  if (!q) return sql``;
  const common = await recentCommonTrigrams(db);
  return sql`and (${substringMatch(sql.raw('u.full_name'), 'full_name', q, common, true)} or ${substringMatch(sql.raw('u.email'), 'email', q, common, true)})`;
}

/**
 * Two counts: all live users (the trigger-kept row_counts row; a search counts its matches through the trigram
 * indexes) and the few admins (users_admins_idx), instead of one pass that reads every row's role.
 */
async function countUsers(db: Db, text: string | undefined, search: SQL): Promise<{ total: number; adminCount: number }> {
  const counts = await db.execute<{ total: number; admins: number }>(sql`
    select ${text?.trim() ? sql`(select count(*)::int from users u where u.deleted_at is null ${search})` : rowCount('users_live')} as total,
           (select count(*)::int from users u where u.deleted_at is null and u.role <> 'USER' ${search}) as admins`);
  return { total: counts.rows[0]?.total ?? 0, adminCount: counts.rows[0]?.admins ?? 0 };
}

/**
 * The unpaged read of a public-API client (GET /user/all without page or limit): the users of listUsers in the same
 * order, at most `max`, as JSON text built by PostgreSQL, so 10,000 rows cost no JavaScript object per row.
 * `more`: there were more than `max`.
 */
export async function listAllUsersJson(db: Db, opts: { q?: string; max: number }) {
  const search = await userSearch(db, opts.q);
  const [list, counts] = await Promise.all([
    readJson(db, sql`
      -- The rows straight from the list's index scan (the outer query reads them as \`u\` too); balance, referrer
      -- and earnings by key, row by row: 10,000 index lookups beat hashing the whole users and accounts tables. Each
      -- row's JSON is its record \`r\` (db/json.ts).
      with page as (
        select u.id, u.full_name, u.email, u.phone, u.role, u.subscribed_at, u.referred_by, u.created_at,
               row_number() over (order by ${ADMIN_LIST_ORDER}) as rn
        from users u
        where u.deleted_at is null ${search}
        order by ${ADMIN_LIST_ORDER}
        limit ${opts.max + 1}
      )
      select count(*)::int as n, coalesce(json_agg(r order by u.rn) filter (where u.rn <= ${opts.max}), '[]')::text as json
      from page u cross join lateral (
        select u.id as "_id", u.full_name as "fullName", u.email, u.phone, u.role,
               ${centsNumber('coalesce((select a.balance_cents from ledger_accounts a where a.user_id = u.id), 0)')} as point,
               u.subscribed_at is not null as subscription, (select ref.email from users ref where ref.id = u.referred_by) as "referredBy",
               ${centsNumber(`(${REFERRAL_EARNED})`)} as "referralEarnings", ${isoTime('u.created_at')} as "createdAt"
      ) r`),
    countUsers(db, opts.q, search),
  ]);
  return { json: list.json, more: list.n > opts.max, ...counts };
}

export async function listUsers(db: Db, opts: { page: number; limit: number; q?: string }) {
  const search = await userSearch(db, opts.q);
  const offset = (opts.page - 1) * opts.limit;

  const [rows, counts] = await Promise.all([
    db.execute<{
      id: string;
      full_name: string;
      email: string;
      phone: string;
      role: Role;
      balance_cents: number | null;
      subscribed: boolean;
      referrer_email: string | null;
      referral_earned_cents: string;
      created_at: Date | string;
    }>(sql`
      with page as (
        -- The page's ids from an index-only scan of users_admin_list_idx: a deep page skips index entries only.
        select u.id from users u
        where u.deleted_at is null ${search}
        order by ${ADMIN_LIST_ORDER}
        limit ${opts.limit} offset ${offset}
      )
      select u.id, u.full_name, u.email, u.phone, u.role, a.balance_cents,
             u.subscribed_at is not null as subscribed, r.email as referrer_email,
             (${sql.raw(REFERRAL_EARNED)})::text as referral_earned_cents, u.created_at
      from page p
      join users u on u.id = p.id
      left join ledger_accounts a on a.user_id = u.id
      left join users r on r.id = u.referred_by
      order by ${ADMIN_LIST_ORDER}`),
    countUsers(db, opts.q, search),
  ]);

  const users: AdminUserRow[] = rows.rows.map((u) => ({
    _id: u.id,
    fullName: u.full_name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    point: centsToNumber(u.balance_cents ?? 0),
    subscription: u.subscribed,
    referredBy: u.referrer_email,
    referralEarnings: centsToNumber(u.referral_earned_cents),
    createdAt: new Date(u.created_at).toISOString(),
  }));
  return { users, ...counts };
}

export async function userStats(db: Db) {
  const { rows } = await db.execute<{ all: number; subscribed: number }>(sql`
    select ${rowCount('users_live')} as all,
           (select count(*)::int from users where deleted_at is null and subscribed_at is not null) as subscribed`);
  return { allUsersCount: rows[0]?.all ?? 0, subscribedUsersCount: rows[0]?.subscribed ?? 0 };
}

/**
 * Locks the actor (FOR SHARE) and the target (FOR NO KEY UPDATE, live users only) in id order, so two admins acting
 * on each other at once never deadlock: the second waits for the first and then sees its effect. The actor is
 * checked again under that lock (still live, still an admin), so a request in flight when its admin is demoted or
 * deleted does not commit. Then applies the rules every user-desk action shares.
 */
async function lockTarget(tx: Tx, actorId: string, targetId: string, selfMessage: string) {
  if (!UUID.test(targetId)) throw notFound('User not found');
  const id = targetId.toLowerCase();
  if (id === actorId) throw forbidden(selfMessage);
  let target: { id: string; email: string; full_name: string; role: Role } | undefined;
  for (const next of [actorId, id].sort()) {
    if (next === actorId) {
      await recheckActor(tx, actorId);
    } else {
      const { rows } = await tx.execute<{ id: string; email: string; full_name: string; role: Role }>(
        sql`select id, email, full_name, role from users where id = ${id} and deleted_at is null for no key update`,
      );
      target = rows[0];
    }
  }
  if (!target) throw notFound('User not found');
  if (target.role === 'SADMIN') throw forbidden('A super admin cannot be changed or deleted');
  return target;
}

export async function changeRole(db: Db, actorId: string, targetId: string, role: 'USER' | 'ADMIN') {
  return inTransaction(db, async (tx) => {
    const target = await lockTarget(tx, actorId, targetId, 'You cannot change your own role');
    if (target.role === role) return { changed: false, role };
    await tx.execute(sql`update users set role = ${role}, updated_at = now() where id = ${target.id}`);
    // The new role takes effect at the next login; old sessions must not keep the old rights.
    await revokeUserSessions(tx, target.id);
    await recordAudit(tx, {
      actorId,
      action: 'user.role_changed',
      targetType: 'user',
      targetId: target.id,
      before: { email: target.email, role: target.role },
      after: { email: target.email, role },
    });
    return { changed: true, role };
  });
}

export async function deleteUser(db: Db, clock: Clock, actorId: string, targetId: string) {
  return inTransaction(db, async (tx) => {
    const target = await lockTarget(tx, actorId, targetId, 'You cannot delete your own account');
    const deletedAt = clock();
    await tx.execute(sql`update users set deleted_at = ${deletedAt}, updated_at = now() where id = ${target.id}`);
    await revokeUserSessions(tx, target.id);
    await recordAudit(tx, {
      actorId,
      action: 'user.deleted',
      targetType: 'user',
      targetId: target.id,
      before: { email: target.email, fullName: target.full_name, role: target.role, deletedAt: null },
      after: { email: target.email, fullName: target.full_name, role: target.role, deletedAt: deletedAt.toISOString() },
    });
  });
}
