import { dateFormat } from '../../lib/i18n';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DAY_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const TIME_FORMAT: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/**
 * An ISO date as a local date and time (`day`: the date alone, where a table is short of room; `time`: the time
 * alone, under a day heading as in the activity feed), machine-readable
 * in `dateTime`; never broken over two lines. Written in the current language (lib/i18n dateFormat: en-US, or
 * Arabic with Latin digits); a language switch re-renders it.
 */
export function DateTime({ iso, day, time }: { iso: string; day?: boolean; time?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {dateFormat(day ? DAY_FORMAT : time ? TIME_FORMAT : FORMAT).format(date)}
    </time>
  );
}
