// The public user (what /user/me, login, sign-up and profile updates answer): its columns and their mapping,
// shared by loadPublicUser and the session lookup that GET /user/me uses (plugins/session.ts).
import { sql } from 'drizzle-orm';
import type { PublicUser } from '@app/contract';
import { centsToNumber } from '@app/contract';
import { ledgerAccounts, users } from '../db/schema/index.js';

/** Select with `.from(users).leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))`. */
export const publicUserColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  referralCode: users.referralCode,
  referredBy: users.referredBy,
  subscribedAt: users.subscribedAt,
  createdAt: users.createdAt,
  language: users.language,
  balanceCents: ledgerAccounts.balanceCents,
  referralsCount: sql<number>`(select count(*)::int from users r where r.referred_by = ${users.id} and r.deleted_at is null)`,
  twoFactor: sql<boolean>`exists (select 1 from user_totp t where t.user_id = ${users.id} and t.enabled_at is not null)`,
};

export interface PublicUserRow {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  role: PublicUser['role'];
  referralCode: string;
  referredBy: string | null;
  subscribedAt: Date | null;
  createdAt: Date;
  language: PublicUser['language'];
  balanceCents: number | null;
  referralsCount: number;
  twoFactor: boolean;
}

export function toPublicUser(u: PublicUserRow): PublicUser {
  return {
    _id: u.id,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    point: centsToNumber(u.balanceCents ?? 0),
    subscription: u.subscribedAt !== null,
    subscribedAt: u.subscribedAt?.toISOString() ?? null,
    referralCode: u.referralCode,
    referredBy: u.referredBy,
    referralsCount: u.referralsCount,
    createdAt: u.createdAt.toISOString(),
    twoFactor: u.twoFactor,
    language: u.language,
  };
}
