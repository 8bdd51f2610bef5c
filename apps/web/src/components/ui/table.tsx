// The one data table of the app (docs/architecture.md, "Phones and desks"): a table when its own box is wide
// enough for its columns; narrower, each row is a card with its column's label beside each value, so no page
// scrolls sideways and no row's buttons end up past the edge. The switch is a container query on the table's box,
// not the viewport: beside the side menu (from `lg`) or at 768 px (Tailwind's `md`, once the switch point) a wide
// desk did not fit and its row actions sat off-screen in a box scrolled sideways. The explicit ARIA roles keep the
// table semantics when CSS changes the elements' display on the cards.
import { Children, createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

/**
 * From which width of its own box a `DataTable` is a table (Tailwind's container sizes): `2xl` (42rem) by default,
 * `3xl` (48rem) and `4xl` (56rem) for the desks with many columns, long values and row actions. A cell's own
 * table-only classes use the same prefix (`@4xl:max-w-[18rem]`).
 */
export type TableFrom = '2xl' | '3xl' | '4xl';

/** Every class that depends on the switch, written out in full per size so Tailwind finds them in the source. */
const LAYOUTS = {
  '2xl': {
    table: '@max-2xl:block',
    head: '@max-2xl:sr-only',
    body: '@max-2xl:grid @max-2xl:gap-3',
    row: '@max-2xl:block @max-2xl:rounded-lg @max-2xl:border @max-2xl:border-slate-200 @max-2xl:px-3 @max-2xl:py-2 @max-2xl:dark:border-slate-700',
    cell: '@max-2xl:grid @max-2xl:grid-cols-[minmax(6rem,2fr)_minmax(0,5fr)] @max-2xl:gap-x-3 @max-2xl:px-0 @max-2xl:py-1',
    numeric: '@2xl:text-end',
    actions: '@max-2xl:block @max-2xl:px-0 @max-2xl:pt-2 @max-2xl:pb-1',
    cardOnly: '@2xl:hidden',
  },
  '3xl': {
    table: '@max-3xl:block',
    head: '@max-3xl:sr-only',
    body: '@max-3xl:grid @max-3xl:gap-3',
    row: '@max-3xl:block @max-3xl:rounded-lg @max-3xl:border @max-3xl:border-slate-200 @max-3xl:px-3 @max-3xl:py-2 @max-3xl:dark:border-slate-700',
    cell: '@max-3xl:grid @max-3xl:grid-cols-[minmax(6rem,2fr)_minmax(0,5fr)] @max-3xl:gap-x-3 @max-3xl:px-0 @max-3xl:py-1',
    numeric: '@3xl:text-end',
    actions: '@max-3xl:block @max-3xl:px-0 @max-3xl:pt-2 @max-3xl:pb-1',
    cardOnly: '@3xl:hidden',
  },
  '4xl': {
    table: '@max-4xl:block',
    head: '@max-4xl:sr-only',
    body: '@max-4xl:grid @max-4xl:gap-3',
    row: '@max-4xl:block @max-4xl:rounded-lg @max-4xl:border @max-4xl:border-slate-200 @max-4xl:px-3 @max-4xl:py-2 @max-4xl:dark:border-slate-700',
    cell: '@max-4xl:grid @max-4xl:grid-cols-[minmax(6rem,2fr)_minmax(0,5fr)] @max-4xl:gap-x-3 @max-4xl:px-0 @max-4xl:py-1',
    numeric: '@4xl:text-end',
    actions: '@max-4xl:block @max-4xl:px-0 @max-4xl:pt-2 @max-4xl:pb-1',
    cardOnly: '@4xl:hidden',
  },
} satisfies Record<TableFrom, Record<string, string>>;

type Layout = (typeof LAYOUTS)[TableFrom];

/** A column header: its text, or `{ label, numeric: true }` for a right-aligned number column. */
export type Column = ReactNode | { label: ReactNode; numeric: true };

const isNumeric = (column: Column): column is { label: ReactNode; numeric: true } =>
  typeof column === 'object' && column !== null && 'numeric' in column;
const labelOf = (column: Column): ReactNode => (isNumeric(column) ? column.label : column);

const th = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';

/** The header row: one `<th scope="col">` per column; read by screen readers, hidden on the cards. */
function TableHead({ columns, layout }: { columns: Column[]; layout: Layout }) {
  return (
    <thead role="rowgroup" className={`border-b border-slate-200 dark:border-slate-700 ${layout.head}`}>
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
const LayoutContext = createContext<Layout>(LAYOUTS['2xl']);

/**
 * A data table: `columns` name the cells of every `DataRow` in order; `from` is the width of its box from which
 * it is a table (below it, cards). The box is the query container (`@container`: its width comes from the page,
 * never from the table); should a table still be wider than it, it scrolls inside the box (focusable, so a keyboard
 * can scroll it), never the page.
 */
export function DataTable({
  caption,
  columns,
  busy,
  children,
  footer,
  from = '2xl',
}: {
  caption: string;
  columns: Column[];
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  from?: TableFrom;
}) {
  const layout = LAYOUTS[from];
  return (
    <div className="@container min-w-0 overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table role="table" className={`w-full border-collapse ${layout.table}`} aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} layout={layout} />
        <LayoutContext.Provider value={layout}>
          <ColumnsContext.Provider value={columns}>
            <tbody role="rowgroup" className={layout.body}>
              {children}
            </tbody>
          </ColumnsContext.Provider>
        </LayoutContext.Provider>
      </table>
      {footer}
    </div>
  );
}

/** A row: a table row in a wide enough box, a card in a narrower one. */
export function DataRow({ children, className = '', ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  const layout = useContext(LayoutContext);
  return (
    <tr
      role="row"
      className={`border-b border-slate-100 dark:border-slate-800 ${layout.row} ${className}`}
      {...rest}
    >
      {Children.map(children, (child, i) => (
        <CellIndexContext.Provider value={i}>{child}</CellIndexContext.Provider>
      ))}
    </tr>
  );
}

/**
 * A cell; its column (by position in the row) gives the label shown beside it on a card, and right-aligns
 * numbers in the table. `header` makes it the row's header (`<th scope="row">`, e.g. a user's name);
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
  const layout = useContext(LayoutContext);
  const numeric = column !== undefined && isNumeric(column);
  // The actions cell is a block on a card (its buttons at full width, no label), not the label-and-value grid.
  const classes = `px-3 py-2 align-top text-sm ${actions ? layout.actions : layout.cell} ${numeric ? layout.numeric : ''} ${className}`;
  const content = (
    <>
      {!actions && (
        // A long label breaks inside its own column rather than running under the value beside it.
        <span aria-hidden="true" className={`min-w-0 text-xs font-semibold tracking-wide [overflow-wrap:anywhere] text-slate-600 uppercase dark:text-slate-300 ${layout.cardOnly}`}>
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
