import { currentLang, intlLocale, type Lang } from '../../lib/i18n';

// One date format per language (docs/voice.md#dates): the day first, the month as a short word, the year in
// full, and a 24-hour time: "26 Nov 2026, 14:05" in English, "26 نوفمبر 2026، 14:05" in Arabic (Latin digits,
// as every figure of the app). en-GB, not en-US, gives the day-month order; the hour cycle is fixed so a
// browser's region never turns it into "2:05 PM".
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const TIME: Intl.DateTimeFormatOptions = { ...DAY, ...CLOCK };
type Part = 'datetime' | 'day' | 'time';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, part: Part, utc: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${part}|${utc}`;
  let f = formats.get(key);
  if (!f) {
    const options = { ...(part === 'day' ? DAY : part === 'time' ? CLOCK : TIME), ...(utc ? { timeZone: 'UTC' } : {}) };
    f = new Intl.DateTimeFormat(lang === 'ar' ? intlLocale('ar') : 'en-GB', options);
    formats.set(key, f);
  }
  return f;
}

/**
 * A date in the app's one format for the current language (or `lang`). `day`: the date alone; `time`: the time alone; `utc`: a calendar
 * day stored as UTC midnight (a chart's day, an article's date), shown as that day wherever the reader is.
 */
export function formatDate(
  value: string | Date,
  { day = false, time = false, utc = false, lang = currentLang() }: { day?: boolean; time?: boolean; utc?: boolean; lang?: Lang } = {},
): string {
  const date = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return format(lang, day ? 'day' : time ? 'time' : 'datetime', utc).format(date);
}

/**
 * An ISO date as a local date and time (`day`: the date alone, where a table is short of room; `time`: the time
 * alone, under a day heading as in the activity feed), machine-readable
 * in `dateTime`; never broken over two lines. A language switch re-renders it.
 */
export function DateTime({ iso, day, time }: { iso: string; day?: boolean; time?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDate(date, { day, time })}
    </time>
  );
}
