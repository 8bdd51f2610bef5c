// Deposits and withdrawals are one kind of record (an amount a user asked to move, a state an admin toggles, hidden
// instead of deleted), so their lists, filters, paging and lock by {id} are written once here; each module
// describes its table (`MoneyRecordKind`) and keeps its own money rules (approve, process, refund…).
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { allColumns, fixedStatement, tableRow, type Db, type Tx } from '../../db/client.js';
import { deposits, users, withdrawals } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { UUID_PATTERN } from '../../http/route-helpers.js';
import { recentCommonTrigrams, substringMatch } from '../../db/trigram-search.js';
import { readRowCount, rowCount, type RowCountName } from '../../db/row-counts.js';
import { centsNumber, isoTime, readJson } from '../../db/json.js';

type RecordTable = typeof deposits | typeof withdrawals;
export type RecordRow = RecordTable['$inferSelect'];

/** What differs between deposits and withdrawals; `Row` is the table's row, `Rec` the API's record of it. */
export interface MoneyRecordKind<Row extends RecordRow, Rec> {
  table: RecordTable;
  /** The state an admin toggles (deposited, withdrawed): its column, its name in the API, the status filter's value for true. */
  done: { column: typeof deposits.deposited | typeof withdrawals.withdrawed; name: string; status: string };
  /** The reference the user gave (transactionId, paymentId): its column and its name in the API. */
  reference: { column: typeof deposits.transactionId | typeof withdrawals.paymentId; name: string };
  /** The condition a non-UUID {id} names its records by (a unique transactionId, a paymentId). */
  byReference: (id: string) => SQL;
  /** The trigger-kept count of visible records (migration 0005). */
  visibleCount: RowCountName;
  /** The trigger-kept count of visible records not yet done (migration 0027): the status filter's totals. */
  pendingCount: RowCountName;
  toRecord: (row: Row) => Rec;
  messages: { notFound: string; ambiguous: string };
  /**
   * Fields of the record beyond the shared ones in the unpaged JSON list: `value as "name"` items over the list's row
   * `p` (the table's columns by their SQL names).
   */
  extraFields?: SQL;
}

export interface RecordFilter {
  status?: string;
  email?: string;
  /** oldest: the desk's queue order; newest otherwise. */
  order?: 'newest' | 'oldest';
}

/** The list's order, with the id as the tie-break: both read the same index, forwards or backwards. */
const listOrder = (t: MoneyRecordKind<never, unknown>['table'], q: RecordFilter) =>
  q.order === 'oldest' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];

/** The caller's visible records, newest first. */
export async function myRecords<Row extends RecordRow, Rec>(db: Db, kind: MoneyRecordKind<Row, Rec>, userId: string): Promise<Rec[]> {
  const t = kind.table;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), isNull(t.hiddenAt)))
    .orderBy(desc(t.createdAt), desc(t.id));
  return (rows as Row[]).map(kind.toRecord);
}

/**
 * The admin list's filter: visible records, optionally by status and by part of the owner's e-mail (lower-case, as
 * stored; the contract lowers the filter). The owners are found through the e-mail's trigram index by the text's rare
 * part only (db/trigram-search.ts, decision 027), and their records through <table>_user_idx.
 */
async function listFilter(db: Db, kind: MoneyRecordKind<never, unknown>, q: RecordFilter): Promise<SQL | undefined> {
  const t = kind.table;
  const where: SQL[] = [isNull(t.hiddenAt)];
  if (q.status) where.push(eq(kind.done.column, q.status === kind.done.status));
  if (q.email) {
    const owners = substringMatch(sql`${users.email}`, 'email', q.email, await recentCommonTrigrams(db), false);
    where.push(inArray(t.userId, db.select({ id: users.id }).from(users).where(owners)));
  }
  return and(...where);
}

/**
 * Unfiltered or by status alone, the trigger-kept counts (done = visible − pending: at a million records counting the
 * status's index took longer than the page); by e-mail, a count through the filter's index (every record has its
 * user, a foreign key, so it needs no join).
 */
async function countListed(db: Db, kind: MoneyRecordKind<never, unknown>, q: RecordFilter, cond: SQL | undefined): Promise<number> {
  if (q.email) return db.select({ total: count() }).from(kind.table).where(cond).then((r) => r[0].total);
  if (!q.status) return readRowCount(db, kind.visibleCount);
  if (q.status !== kind.done.status) return readRowCount(db, kind.pendingCount);
  // Both counts in one statement (one snapshot), so a record changing in between is never counted twice or not at all.
  const { rows } = await db.execute<{ n: number }>(sql`select ${rowCount(kind.visibleCount)} - ${rowCount(kind.pendingCount)} as n`);
  return Number(rows[0].n);
}

/** One page of the admin list, newest first (or oldest first: the queue), each record with its owner's e-mail and id. */
export async function listRecords<Row extends RecordRow, Rec>(
  db: Db,
  kind: MoneyRecordKind<Row, Rec>,
  q: RecordFilter & { page: number; limit: number },
): Promise<{ records: (Rec & { email: string; userId: string })[]; total: number }> {
  const t = kind.table;
  const cond = await listFilter(db, kind, q);
  // The page's ids first, from an index-only scan of <table>_admin_list_idx / <table>_admin_status_idx (a deep page
  // skips index entries, not joined rows); then only those rows are read and joined to their users.
  const page = db
    .select({ id: t.id })
    .from(t)
    .where(cond)
    .orderBy(...listOrder(t, q))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({ r: t, email: users.email })
      .from(page)
      .innerJoin(t, eq(t.id, page.id))
      .innerJoin(users, eq(users.id, t.userId))
      .orderBy(...listOrder(t, q)),
    countListed(db, kind, q, cond),
  ]);
  return { records: rows.map((r) => ({ ...kind.toRecord(r.r as Row), email: r.email, userId: r.r.userId })), total };
}

/**
 * The unpaged read of a public-API client (no page or limit): the records of listRecords, in the same order, at most
 * `max`, as JSON text built by PostgreSQL (10,000 rows cost no JavaScript object per row). `more`: there were more
 * than `max`.
 */
export async function listAllRecordsJson(db: Db, kind: MoneyRecordKind<never, unknown>, q: RecordFilter, max: number) {
  const t = kind.table;
  const cond = await listFilter(db, kind, q);
  const order = q.order === 'oldest' ? sql`${t.createdAt} asc, ${t.id} asc` : sql`${t.createdAt} desc, ${t.id} desc`;
  const [list, total] = await Promise.all([
    readJson(db, sql`
      -- The rows straight from the list's index scan; the owner's e-mail by key, row by row. Each row's JSON is its
      -- record \`r\` (db/json.ts).
      with page as (
        select ${t}.*, row_number() over (order by ${order}) as rn
        from ${t}
        where ${cond} order by ${order} limit ${max + 1}
      )
      select count(*)::int as n, coalesce(json_agg(r order by p.rn) filter (where p.rn <= ${max}), '[]')::text as json
      from page p cross join lateral (
        select p.id as "_id", ${centsNumber('p.amount_cents')} as amount,
               p.${sql.identifier(kind.reference.column.name)} as ${sql.identifier(kind.reference.name)},
               p.${sql.identifier(kind.done.column.name)} as ${sql.identifier(kind.done.name)}, ${isoTime('p.created_at')} as "createdAt",
               (select u.email from users u where u.id = p.user_id) as email, p.user_id as "userId"${kind.extraFields ? sql`, ${kind.extraFields}` : sql``}
      ) r`),
    countListed(db, kind, q, cond),
  ]);
  return { json: list.json, more: list.n > max, total };
}

/**
 * Locks and returns the visible record named by {id}. A UUID-shaped {id} is only ever an _id (hidden or unknown:
 * 404), never a reference: otherwise a record whose reference is another record's _id would receive the admin's
 * action once that record is hidden. Any other {id} (for the product's clients) is a reference that must name exactly
 * one visible record.
 */
export async function lockRecord<Row extends RecordRow>(tx: Tx, kind: MoneyRecordKind<Row, unknown>, id: string): Promise<Row> {
  const t = kind.table;
  const candidates = UUID_PATTERN.test(id)
    ? (await lockByIdStatement(t)(tx, { id: id.toLowerCase() })).rows.map((r) => tableRow(t, r))
    : await tx.select().from(t).where(and(kind.byReference(id), isNull(t.hiddenAt))).orderBy(t.id).limit(2).for('update');
  if (candidates.length === 0) throw notFound(kind.messages.notFound);
  if (candidates.length > 1) throw conflict(kind.messages.ambiguous);
  return candidates[0] as Row;
}

/** lockRecord by {id}, the admin desks' usual way (and every approval's): a statement built once per table. */
const lockByIdStatements = new Map<RecordTable, ReturnType<typeof fixedStatement<Record<string, unknown>, 'id'>>>();
function lockByIdStatement(t: RecordTable) {
  let statement = lockByIdStatements.get(t);
  if (!statement) {
    statement = fixedStatement<Record<string, unknown>, 'id'>((v) => sql`select ${allColumns(t)} from ${t} where ${t.id} = ${v('id')}::uuid and ${t.hiddenAt} is null for update`);
    lockByIdStatements.set(t, statement);
  }
  return statement;
}
