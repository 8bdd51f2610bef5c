// The referral program (docs/money.md#referral-program): a share of every video reward goes up the referral chain, one rate per level,
// and a user's direct referrer gets a bonus when that user's first deposit is credited. Rates are percentages with
// at most 2 decimals, handled as basis points (1% = 100 bp) so every share is integer arithmetic on cents.
import { z } from 'zod';

export const REFERRAL_MAX_LEVELS = 10;

/** "10,5,3" → [1000, 500, 300] basis points; null when it is not 1–10 percentages of 0–100 adding up to ≤ 100. */
export function parseReferralLevels(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length < 1 || parts.length > REFERRAL_MAX_LEVELS) return null;
  const bp: number[] = [];
  for (const p of parts) {
    const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(p);
    if (!m) return null;
    const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (v > 10_000) return null;
    bp.push(v);
  }
  return bp.reduce((s, v) => s + v, 0) <= 10_000 ? bp : null;
}

/** A level's share of `baseCents`, rounded down to the cent (0 means nothing is paid). */
export const referralShareCents = (baseCents: number, rateBp: number) => Math.floor((baseCents * rateBp) / 10_000);

/** How many levels the program reaches: the last level with a rate, and at least 1 (the first-deposit bonus). */
export function referralDepth(levelsBp: number[]): number {
  let depth = 1;
  levelsBp.forEach((bp, i) => {
    if (bp > 0) depth = Math.max(depth, i + 1);
  });
  return depth;
}

/** GET /user/referrals?page=&limit= */
export const REFERRALS_PAGE_MAX = 100;
const whole = (what: string, max: number) =>
  z.coerce
    .number({ error: `${what} must be a whole number from 1 to ${max}` })
    .int(`${what} must be a whole number from 1 to ${max}`)
    .min(1, `${what} must be a whole number from 1 to ${max}`)
    .max(max, `${what} must be a whole number from 1 to ${max}`);
export const referralsQuery = z.object({
  page: whole('page', 100_000).default(1),
  limit: whole('limit', REFERRALS_PAGE_MAX).default(20),
});

export const referralLevelSummary = z.object({ level: z.number(), people: z.number(), earned: z.number(), rate: z.number() });
export const referralMember = z.object({
  _id: z.string(),
  fullName: z.string(),
  joinedAt: z.string(),
  level: z.number(),
  earned: z.number(),
});
export type ReferralMember = z.infer<typeof referralMember>;

export const referralsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  link: z.string(),
  totals: z.object({ people: z.number(), earned: z.number() }),
  /** One per level the program pays (down to the deepest one with a rate); `rate` is that level's percentage now. */
  levels: z.array(referralLevelSummary),
  /** The current first-deposit bonus, in points. */
  firstDepositBonus: z.number(),
  referrals: z.array(referralMember),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;
