import type { ReactNode } from 'react';

/** A body cell of the data tables (pages with denser or centred rows keep their own). */
export const td = 'px-3 py-2 align-top text-sm';
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';

/** A column header: its text, or `{ label, numeric: true }` for a right-aligned number column. */
export type Column = ReactNode | { label: ReactNode; numeric: true };

/** The header row every data table shares: one `<th scope="col">` per column. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead className="border-b border-slate-200 dark:border-slate-700">
      <tr>
        {columns.map((column, i) => {
          const numeric = typeof column === 'object' && column !== null && 'numeric' in column;
          return (
            <th key={i} scope="col" className={numeric ? `${th} text-right` : th}>
              {numeric ? column.label : column}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
