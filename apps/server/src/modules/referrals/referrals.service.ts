// The referral program (docs/money.md#referral-program). A video reward of p pays each referrer above the earner rate(level) × p, rounded
// down to the cent (0.00 is not paid), and a referred user's first credited deposit pays their direct referrer a
// bonus. Every share is its own ledger transaction from expense:referrals with its own event key (the causing
// event's key + level), posted in the causing event's database transaction, so a retried or raced event pays each
// share once or not at all. The rates are read from the settings store at the time of each event.
//
// Who is paid: the members of the earner's chain (referral_team, migration 0010) at the paid levels, except a
// deleted referrer or one without an account: that level is skipped and the levels above are still paid (a level is
// the distance in the chain, so with B deleted, C's reward pays A at level 2). The chain's user rows are read
// FOR SHARE, so a deletion committing meanwhile is either seen or waits, as for any credit to a closed account.
//
// Lock order: business rows first (the chain's users), then every ledger account the operation and its shares
// touch, in one `… ORDER BY id FOR UPDATE` (`lockAccounts`), before the first posting. Posting the event and then
// its shares one by one would hold one account while waiting for the next, and two such operations could deadlock.
import { sql } from 'drizzle-orm';
import { centsToNumber, parseReferralLevels, referralDepth, referralShareCents, type ReferralMember } from '@app/contract';
import { fixedStatement, type Db, type Tx } from '../../db/client.js';
import type { SettingsStore } from '../settings/settings.store.js';
import type { SystemAccount } from '../../ledger/accounts.js';
import { fixedPostingCall, postingDone, postingError, postingValues } from '../../ledger/ledger.js';
import { notificationCtes, notificationTexts } from '../notifications/notify.js';
import { emailOutboxFilled } from '../notifications/email-jobs.js';

export interface ReferralRules {
  /** Basis points per level (level 1 first). */
  levelsBp: number[];
  firstDepositBonusCents: number;
  /** REFERRAL_BONUS_MIN_DEPOSIT: a first deposit below it pays no bonus (cent deposits cannot farm it). */
  bonusMinDepositCents: number;
}

/** The rules in force now (a rate change applies from the next event on). */
export function referralRules(settings: Pick<SettingsStore, 'get'>): ReferralRules {
  return {
    levelsBp: parseReferralLevels(settings.get('referralLevels')) ?? [],
    firstDepositBonusCents: settings.get('referralFirstDepositBonus'),
    bonusMinDepositCents: settings.get('referralBonusMinDeposit'),
  };
}

/** One share to pay: `beneficiaryId` is `level` levels above `memberId`. */
export interface ReferralShare {
  beneficiaryId: string;
  memberId: string;
  memberName: string;
  level: number;
  cents: number;
}

/** Accounts an operation posts to: they are locked together with its shares' accounts. */
export interface AccountsToLock {
  codes: SystemAccount[];
  userIds: string[];
}

/**
 * The live referrers of `memberId` at the given levels, with their user rows locked FOR SHARE (in id order).
 * Referrers without a ledger account are left out.
 */
const liveChainStatement = fixedStatement<{ ancestor_id: string; level: number; member_name: string }, 'memberId' | 'levels'>(
  (v) => sql`
    select t.ancestor_id, t.level, m.full_name as member_name
    from referral_team t
    join users a on a.id = t.ancestor_id and a.deleted_at is null
    join users m on m.id = t.member_id
    where t.member_id = ${v('memberId')}::uuid and t.level = any(${v('levels')}::smallint[])
      and exists (select 1 from ledger_accounts la where la.user_id = t.ancestor_id)
    order by a.id
    for share of a`,
);

async function liveChain(tx: Tx, memberId: string, levels: number[]): Promise<{ ancestorId: string; level: number; memberName: string }[]> {
  if (levels.length === 0) return [];
  const { rows } = await liveChainStatement(tx, { memberId, levels });
  return rows.map((r) => ({ ancestorId: r.ancestor_id, level: Number(r.level), memberName: r.member_name }));
}

const lockAccountsStatement = fixedStatement<Record<string, never>, 'userIds' | 'codes'>(
  (v) => sql`select id from ledger_accounts where user_id = any(${v('userIds')}::uuid[]) or code = any(${v('codes')}::text[]) order by id for update`,
);

/** Locks every account of `lock` and of the shares in one statement, in id order (see the note at the top). */
async function lockAccounts(tx: Tx, lock: AccountsToLock, shares: ReferralShare[]): Promise<void> {
  const userIds = [...lock.userIds, ...shares.map((s) => s.beneficiaryId)];
  const codes = [...lock.codes, 'expense:referrals'];
  await lockAccountsStatement(tx, { userIds, codes });
}

/**
 * The commissions a video reward of `baseCents` to `earnerId` pays up the chain, with every account involved locked.
 * Call it before posting the reward, and `payReferralShares` after.
 */
export async function prepareRewardCommissions(tx: Tx, rules: ReferralRules, earnerId: string, baseCents: number, lock: AccountsToLock): Promise<ReferralShare[]> {
  const due = rules.levelsBp.map((bp, i) => ({ level: i + 1, cents: referralShareCents(baseCents, bp) })).filter((x) => x.cents > 0);
  if (due.length === 0) return [];
  const chain = await liveChain(
    tx,
    earnerId,
    due.map((d) => d.level),
  );
  const shares = chain.map((c) => ({
    beneficiaryId: c.ancestorId,
    memberId: earnerId,
    memberName: c.memberName,
    level: c.level,
    cents: due.find((d) => d.level === c.level)!.cents,
  }));
  if (shares.length) await lockAccounts(tx, lock, shares);
  return shares.sort((a, b) => a.level - b.level);
}

/** The bonus a first deposit of `depositCents` pays: none below REFERRAL_BONUS_MIN_DEPOSIT, never more than the deposit. */
export function firstDepositBonusCents(rules: ReferralRules, depositCents: number): number {
  if (depositCents < rules.bonusMinDepositCents) return 0;
  return Math.max(0, Math.min(rules.firstDepositBonusCents, depositCents));
}

/**
 * The first-deposit bonus of `userId`, decided once: the first call for a user (their first credited deposit, of
 * `depositCents`) claims it, whether or not anything is paid (no referrer, a deleted one, a bonus of 0, a first
 * deposit below REFERRAL_BONUS_MIN_DEPOSIT); every later call, and a concurrent one (which waits for the first to
 * commit), gets nothing. The bonus never exceeds the deposit. Call it before posting the deposit's credit and
 * `payReferralShares` after; every crediting path (an admin's approval, the chain's credit, an admin's assignment
 * of a chain transfer) calls the same pair.
 */
/** The member's first-deposit bonus claimed (once, and only for a referred member), built once: every approval asks. */
const firstDepositClaim = fixedStatement<{ user_id: string }, 'userId'>(
  (v) => sql`
    insert into referral_first_deposits (user_id)
    select id from users where id = ${v('userId')}::uuid and referred_by is not null
    on conflict (user_id) do nothing
    returning user_id`,
);

export async function prepareFirstDepositBonus(tx: Tx, rules: ReferralRules, userId: string, depositCents: number, lock: AccountsToLock): Promise<ReferralShare[]> {
  const claimed = await firstDepositClaim(tx, { userId });
  const cents = firstDepositBonusCents(rules, depositCents);
  if (claimed.rows.length === 0 || cents <= 0) return [];
  const chain = await liveChain(tx, userId, [1]);
  const shares = chain.map((c) => ({ beneficiaryId: c.ancestorId, memberId: userId, memberName: c.memberName, level: 1, cents }));
  if (shares.length) await lockAccounts(tx, lock, shares);
  return shares;
}

export type ReferralKind = 'referral_commission' | 'referral_bonus';

/** Posts each share (event key `<causeKey>:referral:l<level>`) and adds it to what the referrer earned from the member. */
export async function payReferralShares(tx: Tx, shares: ReferralShare[], input: { kind: ReferralKind; causeKey: string; actorId?: string | null; memo?: Record<string, unknown> }) {
  if (shares.length === 0) return;
  const postings = shares.map((s) => ({
    kind: input.kind,
    eventKey: `${input.causeKey}:referral:l${s.level}`,
    postings: [
      { account: { code: 'expense:referrals' as const }, amountCents: -s.cents },
      { account: { userId: s.beneficiaryId }, amountCents: s.cents },
    ],
    actorId: input.actorId ?? null,
    memo: { ...input.memo, level: s.level, memberId: s.memberId, memberName: s.memberName },
  }));
  const values: Record<string, unknown> = {};
  shares.forEach((s, i) => {
    for (const [key, value] of Object.entries(postingValues(postings[i]))) values[`${key}${i}`] = value;
    const texts = notificationTexts('referral_earned', {
      amountCents: s.cents,
      memberName: s.memberName,
      level: s.level,
      reason: input.kind === 'referral_bonus' ? 'bonus' : 'commission',
    });
    Object.assign(values, { [`user${i}`]: s.beneficiaryId, [`title${i}`]: texts.title, [`body${i}`]: texts.body, [`params${i}`]: texts.params });
    Object.assign(values, { [`member${i}`]: s.memberId, [`level${i}`]: s.level, [`cents${i}`]: s.cents });
  });
  try {
    await sharesStatement(shares.length)(tx, values);
  } catch (e) {
    throw postingError(e, {});
  }
  for (const p of postings) postingDone(tx, p.kind);
  emailOutboxFilled();
}

const sharesStatements = new Map<number, ReturnType<typeof fixedStatement<{ notified: number }, string>>>();
/**
 * payReferralShares' statement for `count` shares, built once per count (a chain is a few levels deep). One statement,
 * one round trip, for what used to be one per share and two more: the caller holds the shared expense account's lock
 * until it commits, so every statement here held back every other payer of shares. The postings are a materialised
 * CTE the other parts read, so they run first; each share's notification and the team's earned sums commit with the
 * money or not at all.
 */
function sharesStatement(count: number) {
  let statement = sharesStatements.get(count);
  if (!statement) {
    const each = Array.from({ length: count }, (_, i) => i);
    statement = fixedStatement<{ notified: number }, string>((v) => {
      const notified = notificationCtes(
        each.map((i) => ({ userId: sql`${v(`user${i}`)}::uuid`, kind: 'referral_earned' as const, title: sql`${v(`title${i}`)}::text`, body: sql`${v(`body${i}`)}::text`, params: sql`${v(`params${i}`)}::jsonb` })),
        { source: sql`posted` },
      );
      const team = sql.join(
        each.map((i) => sql`(${v(`member${i}`)}::uuid, ${v(`level${i}`)}::smallint, ${v(`cents${i}`)}::bigint)`),
        sql`, `,
      );
      return sql`
        with posted as materialized (
          select ${sql.join(each.map((i) => sql`${fixedPostingCall((k) => v(`${k}${i}`))} as ${sql.identifier(`l${i + 1}`)}`), sql`, `)}
        ), ${notified}, team as (
          update referral_team t set earned_cents = t.earned_cents + v.cents
          from (values ${team}) as v(member_id, level, cents), posted
          where t.member_id = v.member_id and t.level = v.level
        )
        select (select count(*) from n)::int as notified from posted`;
    });
    sharesStatements.set(count, statement);
  }
  return statement;
}

/**
 * GET /user/referrals: the caller's team down to the deepest paid level, a page of it, and what it earned them.
 * People are live members, like the profile's count; earnings include those from members since deleted. The summary
 * is the trigger-kept referral_levels (migration 0028: at most 16 rows a level, where counting 190,000 members took
 * most of the request); the page comes from referral_team_ancestor_idx alone (index-only), and only the page's 20 or
 * so names are read from users.
 */
export async function referralTeam(db: Db, rules: ReferralRules, appUrl: string, userId: string, q: { page: number; limit: number }) {
  const depth = referralDepth(rules.levelsBp);
  // Two statements at once: the summary (code, total earned over every level — deeper ones too, paid while the
  // program reached further — and people and earnings per paid level) and the page of members.
  const [summary, members] = await Promise.all([
    db.execute<{ referral_code: string | null; earned: string; levels: { level: number; people: number; earned: string }[] }>(sql`
      select (select referral_code from users where id = ${userId}) as referral_code,
             (select coalesce(sum(earned_cents), 0) from referral_levels where ancestor_id = ${userId})::text as earned,
             coalesce((
               select json_agg(x order by x.level) from (
                 select level, sum(people)::int as people, sum(earned_cents)::text as earned
                 from referral_levels where ancestor_id = ${userId} and level <= ${depth} group by level) x
             ), '[]'::json) as levels`),
    db.execute<{ member_id: string; full_name: string; joined_at: Date | string; level: number; earned_cents: string }>(sql`
      with page as (
        select member_id, level, joined_at, earned_cents from referral_team
        where ancestor_id = ${userId} and level <= ${depth} and not member_deleted
        order by level, joined_at desc, member_id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}
      )
      select p.member_id, u.full_name, p.joined_at, p.level, p.earned_cents::text
      from page p join users u on u.id = p.member_id
      order by p.level, p.joined_at desc, p.member_id`),
  ]);
  const { referral_code: code, earned, levels: perLevel } = summary.rows[0];
  const byLevel = new Map(perLevel.map((r) => [Number(r.level), r]));
  const levels = Array.from({ length: depth }, (_, i) => {
    const r = byLevel.get(i + 1);
    return { level: i + 1, people: r?.people ?? 0, earned: centsToNumber(r?.earned ?? 0), rate: (rules.levelsBp[i] ?? 0) / 100 };
  });
  const earnedCents = Number(earned);
  const people = levels.reduce((s, l) => s + l.people, 0);
  const referrals: ReferralMember[] = members.rows.map((r) => ({
    _id: r.member_id,
    fullName: r.full_name,
    joinedAt: new Date(r.joined_at).toISOString(),
    level: Number(r.level),
    earned: centsToNumber(r.earned_cents),
  }));
  return {
    link: `${appUrl}/signup/${encodeURIComponent(code ?? '')}`,
    totals: { people, earned: centsToNumber(earnedCents) },
    levels,
    firstDepositBonus: centsToNumber(rules.firstDepositBonusCents),
    referrals,
    page: q.page,
    limit: q.limit,
    total: people,
  };
}
