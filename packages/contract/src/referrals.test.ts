import { describe, expect, test } from 'vitest';
import { parseReferralLevels, referralDepth, referralShareCents } from './referrals.js';
import { SETTINGS } from './settings.js';

describe('referral rates', () => {
  test('levels: 1-10 percentages with at most 2 decimals, each ≤ 100, adding up to ≤ 100, as basis points', () => {
    expect(parseReferralLevels('10,5,3')).toEqual([1000, 500, 300]);
    expect(parseReferralLevels(' 10 , 5.5 ,0.25')).toEqual([1000, 550, 25]);
    expect(parseReferralLevels('0')).toEqual([0]);
    expect(parseReferralLevels('100')).toEqual([10000]);
    expect(parseReferralLevels('1,1,1,1,1,1,1,1,1,1')).toHaveLength(10);
    for (const bad of ['', ',', '10,', 'x', '-1', '101', '60,50', '10.555', '1e1', '1,1,1,1,1,1,1,1,1,1,1', '10;5']) {
      expect(parseReferralLevels(bad), bad).toBeNull();
    }
  });

  test('the setting stores the levels normalised and refuses the rest with its message', () => {
    const s = SETTINGS.referralLevels.schema;
    expect(s.parse(' 10 , 5.50 ,3 ')).toBe('10,5.5,3');
    expect(s.safeParse('101').error?.issues[0].message).toMatch(/^Referral levels must be/);
    expect(s.safeParse(10).success).toBe(false);
    expect(SETTINGS.referralFirstDepositBonus.schema.parse('1.00')).toBe(100);
    expect(SETTINGS.referralFirstDepositBonus.schema.parse(0)).toBe(0);
  });

  test('a share is rounded down to the cent; the depth is the last level with a rate, at least 1', () => {
    expect(referralShareCents(200, 1000)).toBe(20);
    expect(referralShareCents(200, 300)).toBe(6);
    expect(referralShareCents(5, 1000)).toBe(0); // 0.005 → 0.00
    expect(referralShareCents(19, 1000)).toBe(1); // 0.019 → 0.01
    expect(referralShareCents(999, 3333)).toBe(332); // 3.3296… → 3.32
    expect(referralDepth([1000, 500, 300])).toBe(3);
    expect(referralDepth([1000, 0, 0])).toBe(1);
    expect(referralDepth([0, 0, 300, 0])).toBe(3);
    expect(referralDepth([0])).toBe(1);
  });
});
