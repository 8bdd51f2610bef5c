const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date as a local date and time, machine-readable in `dateTime`. */
export function DateTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return <time dateTime={iso}>{FORMAT.format(date)}</time>;
}
