// The app's one date format (date-time.tsx) is written by hand, without Intl.DateTimeFormat (its first use in a page
// loads the locale data, in the middle of the first render): it must read exactly as Intl's en-GB and
// ar-AE-u-nu-latn write the same options, and it must not create an Intl.DateTimeFormat at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './date-time';

// The language switch (virtual message catalogs, a build-time module) is not needed: each call names its language.
vi.mock('../../lib/i18n', () => ({ currentLang: () => 'en' }));

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const locale = { en: 'en-GB', ar: 'ar-AE-u-nu-latn' } as const;

/** Every month, days 1 and 28–31, hours across the day (midnight, single digits, noon, 23), a leap day. */
function dates(): Date[] {
  const out: Date[] = [new Date(Date.UTC(2028, 1, 29, 12, 0)), new Date(Date.UTC(1999, 11, 31, 23, 59))];
  for (let month = 0; month < 12; month++)
    for (const day of [1, 9, 28, 30])
      for (const [hour, minute] of [[0, 0], [3, 7], [12, 30], [23, 59]]) out.push(new Date(Date.UTC(2026, month, day, hour, minute)));
  return out;
}

describe('formatDate', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const lang of ['en', 'ar'] as const) {
    it(`writes what Intl.DateTimeFormat(${locale[lang]}) writes: date and time, the date, the time; local and UTC (${lang})`, () => {
      for (const utc of [false, true]) {
        const zone = utc ? { timeZone: 'UTC' } : {};
        const intl = {
          datetime: new Intl.DateTimeFormat(locale[lang], { ...DAY, ...CLOCK, ...zone }),
          day: new Intl.DateTimeFormat(locale[lang], { ...DAY, ...zone }),
          time: new Intl.DateTimeFormat(locale[lang], { ...CLOCK, ...zone }),
        };
        for (const d of dates()) {
          expect(formatDate(d, { lang, utc })).toBe(intl.datetime.format(d));
          expect(formatDate(d, { lang, utc, day: true })).toBe(intl.day.format(d));
          expect(formatDate(d, { lang, utc, time: true })).toBe(intl.time.format(d));
          expect(formatDate(d.toISOString(), { lang, utc })).toBe(intl.datetime.format(d));
        }
      }
    });
  }

  it('reads a calendar day (YYYY-MM-DD) as that UTC day, and gives back what is not a date as it came', () => {
    expect(formatDate('2026-11-26', { lang: 'en', day: true, utc: true })).toBe('26 Nov 2026');
    expect(formatDate('2026-09-01', { lang: 'ar', day: true, utc: true })).toBe('1 سبتمبر 2026');
    expect(formatDate('not a date', { lang: 'en' })).toBe('not a date');
  });

  it('creates no Intl.DateTimeFormat', () => {
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    for (const lang of ['en', 'ar'] as const) for (const d of dates()) formatDate(d, { lang });
    formatDate('2026-11-26', { day: true, utc: true, lang: 'ar' });
    expect(created).not.toHaveBeenCalled();
  });
});
