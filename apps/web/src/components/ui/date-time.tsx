const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * An ISO date as a local date and time (`day`: the date alone, where a table is short of room), machine-readable
 * in `dateTime`; never broken over two lines.
 */
export function DateTime({ iso, day }: { iso: string; day?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {(day ? DAY_FORMAT : FORMAT).format(date)}
    </time>
  );
}
