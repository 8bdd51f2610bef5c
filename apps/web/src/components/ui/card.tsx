import type { HTMLAttributes } from 'react';

/**
 * A card: `min-w-0` because cards sit in grids and flex rows, whose items otherwise grow to their content's
 * minimum width (a table's, a long hash's) and push the page wider than the screen.
 */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900 ${className}`}
      {...rest}
    />
  );
}
