import { currentLang, type Lang } from '../../lib/i18n';

// One date format per language (docs/voice.md#dates): the day first, the month as a short word, the year in
// full, and a 24-hour time: "26 Nov 2026, 14:05" in English, "26 نوفمبر 2026، 14:05" in Arabic (Latin digits,
// as every figure of the app). Written by hand, as Intl.DateTimeFormat's en-GB and ar-AE-u-nu-latn write it
// (date-time.test.ts compares them): the first Intl.DateTimeFormat of a page loads the browser's locale data, some
// 20 ms of main thread on a laptop and four times that on a phone, in the middle of the dashboard's first render
// (Lighthouse's total blocking time; docs/performance.md). It also reads the same in every browser.
const MONTHS: Record<Lang, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
};
/** Between the date and the time: a comma, the Arabic one in Arabic. */
const JOIN: Record<Lang, string> = { en: ', ', ar: '، ' };
type Part = 'datetime' | 'day' | 'time';

const two = (n: number) => String(n).padStart(2, '0');

function format(date: Date, lang: Lang, part: Part, utc: boolean): string {
  const day = () =>
    utc
      ? `${date.getUTCDate()} ${MONTHS[lang][date.getUTCMonth()]} ${date.getUTCFullYear()}`
      : `${date.getDate()} ${MONTHS[lang][date.getMonth()]} ${date.getFullYear()}`;
  const clock = () => (utc ? `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}` : `${two(date.getHours())}:${two(date.getMinutes())}`);
  if (part === 'day') return day();
  if (part === 'time') return clock();
  return `${day()}${JOIN[lang]}${clock()}`;
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
  return format(date, lang, day ? 'day' : time ? 'time' : 'datetime', utc);
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
