// What a page or list shows while its data loads: grey bars where the content will be, not "Loading…" text
// (docs/voice.md#loading). The bars keep the page's height close to what arrives, so little moves when it
// does. Assistive technology hears the label once (a status named by it), and `aria-busy` tells the e2e
// sweep's `settled()` that something is still coming.

const bar = 'rounded-md bg-slate-200 dark:bg-slate-800';
const WIDTHS = ['w-11/12', 'w-3/4', 'w-5/6', 'w-2/3'];

/** `label`: what is loading, as a sentence ("Loading your statement…"); `rows`: how many lines to sketch. */
export function Skeleton({ label, rows = 3, className = '' }: { label: string; rows?: number; className?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-testid="skeleton" className={`grid gap-3 py-4 ${className}`}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse items-center gap-3 motion-reduce:animate-none">
          <div className={`h-9 w-9 shrink-0 rounded-full ${bar.replace('rounded-md ', '')}`} />
          <div className="grid flex-1 gap-2">
            <div className={`h-3.5 ${WIDTHS[i % WIDTHS.length]} ${bar}`} />
            <div className={`h-3 w-1/3 ${bar}`} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** One line's worth, for a figure inside a sentence or a card (a balance, an address). */
export function SkeletonLine({ label, className = 'w-32' }: { label: string; className?: string }) {
  return <span role="status" aria-busy="true" aria-label={label} data-testid="skeleton" className={`inline-block h-5 animate-pulse align-middle motion-reduce:animate-none ${bar} ${className}`} />;
}
