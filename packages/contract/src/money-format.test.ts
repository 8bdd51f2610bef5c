import { describe, expect, it } from 'vitest';
import { formatCents, formatPoints } from './money-format.js';

describe('formatCents', () => {
  it('groups the whole part by threes as en-US does, with two decimals', () => {
    for (const cents of [0, 1, 99, 100, 12_345, 99_999, 100_000, 123_456, 99_999_999, 100_000_000, 123_456_789_012, -5, -123_456_78]) {
      const abs = Math.abs(cents);
      const expected = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
      expect(formatCents(cents)).toBe(expected);
    }
  });

  it('reads cents given as text or bigint, and shows points with two decimals', () => {
    expect(formatCents('123456')).toBe('1,234.56');
    expect(formatCents(100_000_000n)).toBe('1,000,000.00');
    expect(formatPoints(1234.5)).toBe('1,234.50');
    expect(formatPoints(0)).toBe('0.00');
  });
});
