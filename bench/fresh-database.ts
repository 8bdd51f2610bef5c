// A database of its own for one benchmark run: created on the PostgreSQL server the admin URL points at (the named
// environment variable, else TEST_DATABASE_URL), migrated, and dropped again by `drop()` (in the run's `finally`).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '../apps/server/src/db/migrate.js';

export async function freshDatabase(adminUrlVar: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env[adminUrlVar] ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error(`set ${adminUrlVar} to an admin connection of a PostgreSQL server`);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  };
  try {
    await runMigrations(url);
  } catch (e) {
    await drop();
    throw e;
  }
  return { url, drop };
}
