// The Drizzle schema (src/db/schema) against the database the migrations make (decision 019): the hand-written SQL
// migrations are the source of change; db/schema is what the code reads and writes through, and must describe
// exactly what they make. Every table both ways, every column (name, type, nullability, whether it has a
// default) and every index (name, method, columns with their order, uniqueness, primary key, partial or not).
// Not compared (the migrations carry them, drizzle cannot say them all): check constraints, foreign keys,
// triggers and functions, index INCLUDE columns, operator classes, index predicates' text, default values' text.
//
// A failure lists each difference on a line of its own, naming the table, column or index and both sides, e.g.
//   sessions.reauth_at: made by the migrations (timestamp with time zone, null), missing from db/schema
// so a new migration's column is added to db/schema/*.ts by reading the message.
import pg from 'pg';
import { is, SQL } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig, index, pgTable, primaryKey, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as schema from '../src/db/schema/index.js';
import { freshDatabaseUrl } from './helpers.js';

/**
 * Schemas other than `public` that the migrations (and what runs them) make, and why db/schema need not declare them.
 * A schema not listed here, or a table in `public` that db/schema lacks, fails the test.
 */
const OTHER_SCHEMAS: Record<string, string> = {
  // drizzle-orm's migrator keeps its record of applied migrations in drizzle.__drizzle_migrations.
  drizzle: 'the migrator',
  // graphile-worker's own tables (the e-mail queue, decision 014), migrated by runQueueMigrations.
  graphile_worker: 'the e-mail queue',
};
/** Tables in `public` that db/schema deliberately does not declare (none so far): name → why. */
const UNDECLARED_TABLES: Record<string, string> = {};

export interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}
export interface TableShape {
  columns: Map<string, ColumnShape>;
  /** Index name → a description: `[unique|primary key] method (col, col DESC, (expression)) [partial]`. */
  indexes: Map<string, string>;
}
export type SchemaShape = Map<string, TableShape>;

/** Types as PostgreSQL's format_type() writes them: serials are their integer types with a sequence default. */
function normaliseType(t: string): string {
  const s = t.toLowerCase().replace(/\s*,\s*/g, ',').trim();
  return ({ bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' } as Record<string, string>)[s] ?? s;
}

function describeIndex(kind: 'primary key' | 'unique' | '', method: string, columns: string[], partial: boolean): string {
  return `${kind ? `${kind} ` : ''}${method} (${columns.join(', ')})${partial ? ' partial' : ''}`;
}

const dialect = new PgDialect();

/** An index column of db/schema: a column's name (with DESC), or a `col opclass` SQL as the column, else "(expression)". */
function declaredIndexColumn(c: unknown): string {
  if (is(c, SQL)) {
    const text = dialect.sqlToQuery(c).sql.replace(/"[^"]+"\./g, '').replace(/"/g, '').trim();
    const m = /^(\w+)(\s+\w+_ops)?$/.exec(text);
    return m ? m[1] : '(expression)';
  }
  const col = c as { name: string; indexConfig?: { order?: 'asc' | 'desc' } };
  return col.indexConfig?.order === 'desc' ? `${col.name} DESC` : col.name;
}

/** What db/schema declares, for every pgTable in `tables`. */
export function declaredShape(tables: PgTable[]): SchemaShape {
  const out: SchemaShape = new Map();
  for (const table of tables) {
    const cfg = getTableConfig(table);
    const columns = new Map<string, ColumnShape>();
    const indexes = new Map<string, string>();
    for (const c of cfg.columns) {
      columns.set(c.name, { type: normaliseType(c.getSQLType()), notNull: c.notNull, hasDefault: c.hasDefault });
      // A column's PRIMARY KEY is named by PostgreSQL; a column's UNIQUE by drizzle (`<table>_<column>_unique`) unless named.
      if (c.primary) indexes.set(`${cfg.name}_pkey`, describeIndex('primary key', 'btree', [c.name], false));
      if (c.isUnique && c.uniqueName) indexes.set(c.uniqueName, describeIndex('unique', 'btree', [c.name], false));
    }
    for (const pk of cfg.primaryKeys) indexes.set(pk.getName(), describeIndex('primary key', 'btree', pk.columns.map((c: PgColumn) => c.name), false));
    for (const u of cfg.uniqueConstraints) indexes.set(u.getName() ?? `${cfg.name}_?_unique`, describeIndex('unique', 'btree', u.columns.map((c: PgColumn) => c.name), false));
    for (const i of cfg.indexes) {
      const ic = i.config;
      indexes.set(ic.name ?? '(unnamed)', describeIndex(ic.unique ? 'unique' : '', ic.method ?? 'btree', ic.columns.map(declaredIndexColumn), ic.where !== undefined));
    }
    out.set(cfg.name, { columns, indexes });
  }
  return out;
}

/** What the migrations made, read from pg_catalog: the tables of `public`. */
export async function migratedShape(client: pg.Client): Promise<SchemaShape> {
  const out: SchemaShape = new Map();
  const tables = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`);
  for (const t of tables.rows) out.set(t.name, { columns: new Map(), indexes: new Map() });
  const cols = await client.query<{ tbl: string; name: string; type: string; not_null: boolean; has_default: boolean }>(`
    select c.relname as tbl, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
           (a.atthasdef or a.attidentity <> '') as has_default
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`);
  for (const c of cols.rows) out.get(c.tbl)!.columns.set(c.name, { type: normaliseType(c.type), notNull: c.not_null, hasDefault: c.has_default });
  const idx = await client.query<{ tbl: string; name: string; uniq: boolean; prim: boolean; method: string; partial: boolean; cols: string[]; options: string }>(`
    select t.relname as tbl, i.relname as name, x.indisunique as uniq, x.indisprimary as prim, am.amname as method,
           x.indpred is not null as partial, x.indoption::text as options,
           array(select pg_get_indexdef(x.indexrelid, k, true) from generate_series(1, x.indnkeyatts) k) as cols
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace join pg_am am on am.oid = i.relam
    where n.nspname = 'public'`);
  for (const i of idx.rows) {
    const options = i.options.split(' ').map(Number); // indoption: bit 0 is DESC
    const columns = i.cols.map((c, k) => {
      const name = /^"?(\w+)"?$/.exec(c)?.[1] ?? '(expression)';
      return options[k] & 1 ? `${name} DESC` : name;
    });
    out.get(i.tbl)!.indexes.set(i.name, describeIndex(i.prim ? 'primary key' : i.uniq ? 'unique' : '', i.method, columns, i.partial));
  }
  return out;
}

const describeColumn = (c: ColumnShape) => `${c.type}, ${c.notNull ? 'not null' : 'null'}${c.hasDefault ? ', with a default' : ''}`;

/** Every difference, one line each, naming the table / column / index and what each side says. Empty: no drift. */
export function schemaDiff(declared: SchemaShape, migrated: SchemaShape, undeclared: Record<string, string> = UNDECLARED_TABLES): string[] {
  const out: string[] = [];
  for (const name of [...new Set([...declared.keys(), ...migrated.keys()])].sort()) {
    const d = declared.get(name);
    const m = migrated.get(name);
    if (!m) {
      out.push(`table ${name}: declared in db/schema, not made by the migrations`);
      continue;
    }
    if (!d) {
      if (!(name in undeclared)) out.push(`table ${name}: made by the migrations (columns ${[...m.columns.keys()].join(', ')}), missing from db/schema`);
      continue;
    }
    for (const col of [...new Set([...d.columns.keys(), ...m.columns.keys()])]) {
      const dc = d.columns.get(col);
      const mc = m.columns.get(col);
      if (!mc) out.push(`${name}.${col}: declared in db/schema (${describeColumn(dc!)}), not made by the migrations`);
      else if (!dc) out.push(`${name}.${col}: made by the migrations (${describeColumn(mc)}), missing from db/schema`);
      else if (describeColumn(dc) !== describeColumn(mc)) out.push(`${name}.${col}: db/schema says ${describeColumn(dc)}; the migrations made ${describeColumn(mc)}`);
    }
    for (const ix of [...new Set([...d.indexes.keys(), ...m.indexes.keys()])].sort()) {
      const di = d.indexes.get(ix);
      const mi = m.indexes.get(ix);
      if (!mi) out.push(`index ${ix} on ${name}: declared in db/schema (${di}), not made by the migrations`);
      else if (!di) out.push(`index ${ix} on ${name}: made by the migrations (${mi}), missing from db/schema`);
      else if (di !== mi) out.push(`index ${ix} on ${name}: db/schema says ${di}; the migrations made ${mi}`);
    }
  }
  return out;
}

const declaredTables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: await freshDatabaseUrl() });
  await client.connect();
});
afterAll(() => client?.end());

describe('db/schema describes the migrated database exactly', () => {
  test('every table, column and index of db/schema is the one the migrations make, and the other way round', async () => {
    expect(declaredTables.length).toBeGreaterThan(30);
    const diff = schemaDiff(declaredShape(declaredTables), await migratedShape(client));
    expect(diff, `db/schema and the migrations differ (fix db/schema/*.ts or add a migration):\n  ${diff.join('\n  ')}\n`).toEqual([]);
  });

  test('no schema besides public holds tables, except the allow-listed ones', async () => {
    const r = await client.query<{ nspname: string }>(`
      select distinct n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ('public', 'pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      order by 1`);
    expect(r.rows.map((x) => x.nspname)).toEqual(Object.keys(OTHER_SCHEMAS).sort());
  });
});

describe('the comparison itself fails on drift (so the test above cannot pass vacuously)', () => {
  // A small table, and the same table altered one way at a time.
  const sessionsLike = (extra: 'none' | 'column' | 'type' | 'nullable' | 'index' | 'desc' | 'pk'): PgTable =>
    pgTable(
      'drift_probe',
      {
        tokenHash: text('token_hash').primaryKey(),
        userId: uuid('user_id').notNull(),
        createdAt: (extra === 'type' ? text('created_at') : timestamp('created_at', { withTimezone: true })).notNull(),
        expiresAt: extra === 'nullable' ? timestamp('expires_at', { withTimezone: true }) : timestamp('expires_at', { withTimezone: true }).notNull(),
        ...(extra === 'column' ? { reauthAt: timestamp('reauth_at', { withTimezone: true }) } : {}),
      },
      (t) => [
        extra === 'desc' ? index('drift_probe_user_idx').on(t.userId, t.createdAt.desc()) : index('drift_probe_user_idx').on(t.userId, t.createdAt),
        ...(extra === 'index' ? [index('drift_probe_expires_idx').on(t.expiresAt)] : []),
        ...(extra === 'pk' ? [primaryKey({ name: 'drift_probe_pair_pk', columns: [t.userId, t.createdAt] })] : []),
      ],
    ) as unknown as PgTable;
  const base = declaredShape([sessionsLike('none')]);

  test('the same definition on both sides: no difference', () => {
    expect(schemaDiff(base, declaredShape([sessionsLike('none')]))).toEqual([]);
  });

  test('each kind of drift is named on a line of its own, with both sides', () => {
    const diffOf = (kind: Parameters<typeof sessionsLike>[0]) => schemaDiff(base, declaredShape([sessionsLike(kind)]));
    // "migrated" here is the altered definition: the migrations made something db/schema does not say.
    expect(diffOf('column')).toEqual(['drift_probe.reauth_at: made by the migrations (timestamp with time zone, null), missing from db/schema']);
    expect(diffOf('type')).toEqual(['drift_probe.created_at: db/schema says timestamp with time zone, not null; the migrations made text, not null']);
    expect(diffOf('nullable')).toEqual(['drift_probe.expires_at: db/schema says timestamp with time zone, not null; the migrations made timestamp with time zone, null']);
    expect(diffOf('index')).toEqual(['index drift_probe_expires_idx on drift_probe: made by the migrations (btree (expires_at)), missing from db/schema']);
    expect(diffOf('desc')).toEqual(['index drift_probe_user_idx on drift_probe: db/schema says btree (user_id, created_at); the migrations made btree (user_id, created_at DESC)']);
    expect(diffOf('pk')).toEqual(['index drift_probe_pair_pk on drift_probe: made by the migrations (primary key btree (user_id, created_at)), missing from db/schema']);
    // And the other way round: db/schema declares what no migration made.
    expect(schemaDiff(declaredShape([sessionsLike('column')]), base)).toEqual([
      'drift_probe.reauth_at: declared in db/schema (timestamp with time zone, null), not made by the migrations',
    ]);
  });

  test('a table on one side only fails, unless allow-listed', () => {
    const other = declaredShape([pgTable('drift_probe_other', { id: uuid('id').primaryKey().defaultRandom() })]);
    const both = new Map([...base, ...other]);
    expect(schemaDiff(base, both)).toEqual(['table drift_probe_other: made by the migrations (columns id), missing from db/schema']);
    expect(schemaDiff(both, base)).toEqual(['table drift_probe_other: declared in db/schema, not made by the migrations']);
    expect(schemaDiff(base, both, { drift_probe_other: 'a test' })).toEqual([]);
  });

  test('against a real table: a column added by SQL is found', async () => {
    await client.query(`create table drift_probe_real (token_hash text primary key, user_id uuid not null, created_at timestamptz not null,
      expires_at timestamptz not null, reauth_at timestamptz)`);
    await client.query('create index drift_probe_user_idx on drift_probe_real (user_id, created_at)');
    try {
      const migrated = await migratedShape(client);
      const real = migrated.get('drift_probe_real')!;
      const declared = declaredShape([sessionsLike('none')]).get('drift_probe')!;
      const diff = schemaDiff(new Map([['drift_probe_real', { columns: declared.columns, indexes: new Map([...declared.indexes].map(([k, v]) => [k.replace('drift_probe_pkey', 'drift_probe_real_pkey'), v])) }]]), new Map([['drift_probe_real', real]]));
      expect(diff).toEqual(['drift_probe_real.reauth_at: made by the migrations (timestamp with time zone, null), missing from db/schema']);
    } finally {
      await client.query('drop table drift_probe_real');
    }
  });
});
