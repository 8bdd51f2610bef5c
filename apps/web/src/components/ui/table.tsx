// The one data table of the app (docs/architecture.md, "Tables"): a table from the `md` breakpoint up; below it
// each row is a card with its column's label beside each value, so no page scrolls sideways on a phone. The
// explicit ARIA roles keep the table semantics when CSS changes the elements' display below `md`.
import { Children, createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

/** A column header: its text, or `{ label, numeric: true }` for a right-aligned number column. */
export type Column = ReactNode | { label: ReactNode; numeric: true };

const isNumeric = (column: Column): column is { label: ReactNode; numeric: true } =>
  typeof column === 'object' && column !== null && 'numeric' in column;
const labelOf = (column: Column): ReactNode => (isNumeric(column) ? column.label : column);

const th = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';

/** The header row: one `<th scope="col">` per column; read by screen readers, hidden on the cards. */
function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead role="rowgroup" className="border-b border-slate-200 max-md:sr-only dark:border-slate-700">
      <tr role="row">
        {columns.map((column, i) => (
          <th key={i} role="columnheader" scope="col" className={isNumeric(column) ? `${th} text-end` : th}>
            {labelOf(column)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const ColumnsContext = createContext<Column[]>([]);
const CellIndexContext = createContext(0);

/**
 * A data table: `columns` name the cells of every `DataRow` in order. Wide tables scroll inside their box from
 * `md` up (the box is focusable, so a keyboard can scroll it); the page never does.
 */
export function DataTable({
  caption,
  columns,
  busy,
  children,
  footer,
}: {
  caption: string;
  columns: Column[];
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="min-w-0 md:overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table role="table" className="w-full border-collapse max-md:block" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <ColumnsContext.Provider value={columns}>
          <tbody role="rowgroup" className="max-md:grid max-md:gap-3">
            {children}
          </tbody>
        </ColumnsContext.Provider>
      </table>
      {footer}
    </div>
  );
}

/** A row: a table row from `md` up, a card below it. */
export function DataRow({ children, className = '', ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      role="row"
      className={`border-b border-slate-100 max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:px-3 max-md:py-2 dark:border-slate-800 max-md:dark:border-slate-700 ${className}`}
      {...rest}
    >
      {Children.map(children, (child, i) => (
        <CellIndexContext.Provider value={i}>{child}</CellIndexContext.Provider>
      ))}
    </tr>
  );
}

const cellBase = 'px-3 py-2 align-top text-sm max-md:grid max-md:grid-cols-[minmax(6rem,2fr)_minmax(0,5fr)] max-md:gap-x-3 max-md:px-0 max-md:py-1';

/**
 * A cell; its column (by position in the row) gives the label shown beside it on a card, and right-aligns
 * numbers from `md` up. `header` makes it the row's header (`<th scope="row">`, e.g. a user's name);
 * `actions` gives the row's buttons the card's full width, without a label.
 */
export function DataCell({
  children,
  className = '',
  header,
  actions,
  ...rest
}: HTMLAttributes<HTMLTableCellElement> & { header?: boolean; actions?: boolean }) {
  const column = useContext(ColumnsContext)[useContext(CellIndexContext)];
  const numeric = column !== undefined && isNumeric(column);
  const classes = `${cellBase} ${numeric ? 'md:text-end' : ''} ${actions ? 'max-md:block max-md:pt-2' : ''} ${className}`;
  const content = (
    <>
      {!actions && (
        <span aria-hidden="true" className="text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden dark:text-slate-300">
          {column === undefined ? null : labelOf(column)}
        </span>
      )}
      <div className="min-w-0">{children}</div>
    </>
  );
  return header ? (
    <th role="rowheader" scope="row" className={`${classes} text-start font-medium`} {...rest}>
      {content}
    </th>
  ) : (
    <td role="cell" className={classes} {...rest}>
      {content}
    </td>
  );
}
