// Backup and restore of the whole database (decision 011). A backup is every table of the public
// schema written with COPY inside ONE read-only REPEATABLE READ transaction: one snapshot, so it holds each money
// movement entirely or not at all, while the platform keeps serving. The file is gzip: a JSON header line (format,
// migration level, tables and columns, sequences), each table's COPY text rows ended by `\.`, and a JSON trailer
// with the row counts (a cut-off file is refused). Restore brings an EMPTY database to the backup's migration level,
// loads every table in one transaction with triggers off (the rows are already consistent: the balances are the
// sums of the entries, the counters match their rows), then runs the remaining migrations and checks the ledger.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrationsFolder, runMigrations } from './migrate.js';

export const BACKUP_FORMAT = 'usdt-points-backup';
const FORMAT_VERSION = 1;
const END_OF_TABLE = '\\.';

interface TableInfo {
  name: string;
  columns: string[];
}
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  /** drizzle's __drizzle_migrations: the `created_at` (the journal's `when`) of every migration applied. */
  migrations: number[];
  tables: TableInfo[];
  sequences: { name: string; value: string | null }[];
}
interface Trailer {
  end: true;
  rows: Record<string, number>;
}

export class BackupError extends Error {}

const q = (c: pg.ClientBase, id: string) => c.escapeIdentifier(id);

/** Writes a consistent backup of the database at `url` to `file` (via `file.partial`, renamed when complete). */
export async function takeBackup(url: string, file: string): Promise<{ file: string; rows: Record<string, number>; bytes: number }> {
  const client = new pg.Client({ connectionString: url, application_name: 'usdt-points backup' });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = (
      await client.query<{ name: string; columns: string[] }>(`
        select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        group by c.relname order by c.relname`)
    ).rows;
    if (tables.length === 0) throw new BackupError('The database has no tables: nothing to back up (has the platform ever started on it?)');
    // No migration (ALTER, DROP) may change a table while it is copied; writers are not blocked.
    await client.query(`LOCK TABLE ${tables.map((t) => `public.${q(client, t.name)}`).join(', ')} IN ACCESS SHARE MODE`);
    const migrations = (await client.query<{ created_at: string }>(`select created_at::text from drizzle.__drizzle_migrations order by created_at`)).rows.map((r) =>
      Number(r.created_at),
    );
    const sequences = (
      await client.query<{ name: string; value: string | null }>(`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`)
    ).rows;
    const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
    const header: BackupHeader = { format: BACKUP_FORMAT, version: FORMAT_VERSION, createdAt: new Date().toISOString(), postgres: version, migrations, tables, sequences };

    await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    const gzip = createGzip();
    // Password hashes and session hashes are in there: readable by the owner only.
    const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    const put = async (text: string | Buffer) => {
      if (!gzip.write(text)) await once(gzip, 'drain');
    };
    await put(`${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const t of tables) {
      let n = 0;
      const stream = client.query(copyTo(`COPY public.${q(client, t.name)} (${t.columns.map((c) => q(client, c)).join(', ')}) TO STDOUT`));
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
        await put(chunk);
      }
      await put(`${END_OF_TABLE}\n`);
      rows[t.name] = n;
    }
    const trailer: Trailer = { end: true, rows };
    gzip.end(`${JSON.stringify(trailer)}\n`);
    await written;
    await client.query('COMMIT');
    await rename(partial, file);
    return { file, rows, bytes: (await stat(file)).size };
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A backup's lines: the header first, then each table's rows, then the trailer. Rejects on a damaged file. */
async function* backupLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      rest += decoder.write(chunk);
      let start = 0;
      for (let i = rest.indexOf('\n'); i !== -1; i = rest.indexOf('\n', start)) {
        yield rest.slice(start, i);
        start = i + 1;
      }
      rest = rest.slice(start);
    }
    rest += decoder.end();
    if (rest) yield rest;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = backupLines(file);
  try {
    const first = await lines.next().catch((e: unknown) => {
      throw new BackupError(`${file} is not a backup of this platform (${(e as Error).message})`);
    });
    let header: BackupHeader;
    try {
      header = JSON.parse(first.done ? '' : first.value) as BackupHeader;
    } catch {
      throw new BackupError(`${file} is not a backup of this platform`);
    }
    if (header?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of this platform`);
    if (header.version !== FORMAT_VERSION) throw new BackupError(`${file} is a backup of format ${header.version}; this release reads format ${FORMAT_VERSION}`);
    return header;
  } finally {
    await lines.return(undefined);
  }
}

/** What the database at `url` already holds: the names of up to 5 of its relations (none: it is empty). */
export async function relationsIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`
      select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') order by 1 limit 5`);
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/** A copy of the migrations folder whose journal stops at the backup's level (refused if the backup is newer). */
async function migrationsAt(header: BackupHeader): Promise<string> {
  const source = migrationsFolder();
  const journal = JSON.parse(await readFile(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const known = new Set(journal.entries.map((e) => e.when));
  const unknown = header.migrations.filter((w) => !known.has(w));
  if (unknown.length) {
    throw new BackupError(`This backup was made by a newer release (its database has ${unknown.length} migration(s) this release does not know): restore it with that release or a later one.`);
  }
  const level = new Set(header.migrations);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'points-restore-migrations-'));
  await cp(source, dir, { recursive: true });
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.filter((e) => level.has(e.when)) }, null, 2));
  return dir;
}

/**
 * Restores `file` into the EMPTY database at `url`: refuses one that holds anything. On a failure the objects it
 * created are dropped again, so the database is left empty as it was found.
 */
export async function restoreBackup(file: string, url: string, log: (m: string) => void = () => {}): Promise<{ rows: Record<string, number> }> {
  const header = await readBackupHeader(file);
  const existing = await relationsIn(url);
  if (existing.length) {
    throw new BackupError(`The target database is not empty (it holds ${existing.join(', ')}…): restore only into an empty database or a new DATA_DIR; nothing was changed.`);
  }
  const client = new pg.Client({ connectionString: url, application_name: 'usdt-points restore' });
  await client.connect();
  let created = false;
  const migrations = await migrationsAt(header);
  const extensionsBefore = (await client.query<{ extname: string }>('select extname from pg_extension')).rows.map((r) => r.extname);
  try {
    const su = await client.query<{ ok: boolean }>(`select current_setting('is_superuser') = 'on' as ok`);
    if (!su.rows[0].ok) {
      throw new BackupError('Restore needs a superuser connection (it loads the tables with triggers off): use the database owner with SUPERUSER, or restore into a new DATA_DIR.');
    }
    created = true;
    log(`creating the tables at the backup's migration level (${header.migrations.length} migrations)`);
    await runMigrations(url, migrations);

    const rows: Record<string, number> = {};
    const lines = backupLines(file);
    // A gzip stream cut short fails while it is read: said as such, not as a zlib error.
    const nextLine = () =>
      lines.next().catch((e: unknown) => {
        throw new BackupError(`${file} is damaged or cut off (${(e as Error).message}): it is not a complete backup.`);
      });
    await nextLine(); // the header
    await client.query('BEGIN');
    // Triggers and foreign-key checks off: the rows are loaded as they were, balances and counters included.
    await client.query('SET LOCAL session_replication_role = replica');
    // What the migrations seeded (system accounts, counters…) is replaced by the backup's own rows.
    await client.query(`TRUNCATE ${header.tables.map((t) => `public.${q(client, t.name)}`).join(', ')}`);
    for (const t of header.tables) {
      let n = 0;
      const sink = client.query(copyFrom(`COPY public.${q(client, t.name)} (${t.columns.map((c) => q(client, c)).join(', ')}) FROM STDIN`));
      const finished = once(sink, 'finish');
      finished.catch(() => {}); // a failed COPY is reported by the ROLLBACK path below
      let batch = '';
      try {
        for (;;) {
          const next = await nextLine();
          if (next.done) throw new BackupError(`${file} is cut off (in the table ${t.name}): it is not a complete backup.`);
          if (next.value === END_OF_TABLE) break;
          n++;
          batch += `${next.value}\n`;
          if (batch.length >= 1 << 16) {
            const more = sink.write(batch);
            batch = '';
            if (!more) await once(sink, 'drain');
          }
        }
      } catch (e) {
        sink.destroy(e as Error); // CopyFail: the connection leaves COPY mode, so the ROLLBACK below can run
        await finished.catch(() => {});
        throw e;
      }
      sink.end(batch);
      await finished;
      rows[t.name] = n;
      log(`${t.name}: ${n} rows`);
    }
    const last = await nextLine();
    let trailer: Trailer | undefined;
    try {
      trailer = last.done ? undefined : (JSON.parse(last.value) as Trailer);
    } catch {
      /* not a trailer */
    }
    if (!trailer?.end) throw new BackupError(`${file} is cut off (no end record): it is not a complete backup.`);
    for (const t of header.tables) {
      if (trailer.rows[t.name] !== rows[t.name]) throw new BackupError(`${file} is damaged: ${t.name} has ${rows[t.name]} rows, its end record says ${trailer.rows[t.name]}.`);
    }
    for (const s of header.sequences) {
      if (s.value !== null) await client.query('select setval($1, $2, true)', [`public.${q(client, s.name)}`, s.value]);
    }
    await client.query('COMMIT');
    await lines.return(undefined);
    log('bringing the schema up to this release');
    await runMigrations(url);
    return { rows };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    if (created) {
      await dropCreated(client, extensionsBefore).catch(() => {});
    }
    throw e;
  } finally {
    await client.end().catch(() => {});
    await rm(migrations, { recursive: true, force: true });
  }
}

/** Leaves a database the restore found empty as empty again: what the migrations created is dropped. */
async function dropCreated(client: pg.Client, extensionsBefore: string[]) {
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await client.query('DROP SCHEMA IF EXISTS graphile_worker CASCADE'); // the e-mail queue's (decision 014)
  const drops = await client.query<{ stmt: string }>(`
    select format('DROP TABLE IF EXISTS public.%I CASCADE', relname) as stmt from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
    union all select format('DROP SEQUENCE IF EXISTS public.%I CASCADE', relname) from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S'
    union all select format('DROP EXTENSION IF EXISTS %I CASCADE', extname) from pg_extension where not (extname = any($1::text[]))`, [extensionsBefore]);
  for (const { stmt } of drops.rows) await client.query(stmt);
  const rest = await client.query<{ stmt: string }>(`
    select format('DROP FUNCTION IF EXISTS %s CASCADE', p.oid::regprocedure) as stmt from pg_proc p
    where p.pronamespace = 'public'::regnamespace and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all select format('DROP TYPE IF EXISTS public.%I CASCADE', typname) from pg_type t
    where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'c', 'd') and not exists (select 1 from pg_class c where c.reltype = t.oid)`);
  for (const { stmt } of rest.rows) await client.query(stmt);
}

/** DATA_DIR/backups/points-2026-11-24T08-15-00Z.backup */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return path.resolve(dataDir, 'backups', `points-${stamp}.backup`);
}
