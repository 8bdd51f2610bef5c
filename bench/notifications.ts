// Benchmark (docs/product.md#notifications): an announcement to 100,000 users lands in every centre (goal: under 60 s, e-mail ticked,
// so its 100,000 e-mail jobs are queued in the same batches), and the notification list of a user with 10,000
// notifications answers with a p95 under 50 ms (first page and page 200, 2 connections). The app runs in this
// process on its own database of the given PostgreSQL; mail goes to a mailer that keeps nothing (the queue's
// cost is measured, not an SMTP server's). Run by `npm run bench` (bench/run.mjs); alone:
//   BENCH_NOTIFY_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notifications.ts
// Prints one JSON line: { recipients, announcement_s, email_jobs, list_p95_ms: { first, deep }, list_p50_ms }.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { cannon, round } from './lib.mjs';
import { freshDatabase } from './fresh-database.js';
import { createSessions } from './seed.mjs';

const USERS = Number(process.env.BENCH_NOTIFY_USERS ?? 100_000);
const HEAVY_NOTIFICATIONS = 10_000;
const LIST_DURATION = Number(process.env.BENCH_LIST_DURATION ?? 3);

async function main() {
  const { url, drop } = await freshDatabase('BENCH_NOTIFY_ADMIN_URL', 'bench_notify');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-notify-'));
  const db = createDb(url, 20);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // USERS users (#1 is the heavy reader) and one admin; every 7th user is a subscriber.
    await db.execute(sql`
      insert into users (id, full_name, email, phone, password_hash, role, referral_code, subscribed_at)
      select md5('notify-bench-' || i)::uuid, 'Notify Bench ' || i, 'notify' || i || '@example.com', '+971500000000', 'x', 'USER', 'notifybench' || i,
             case when i % 7 = 0 then now() end
      from generate_series(1, ${USERS}) as i`);
    const adminId = (
      await db.execute<{ id: string }>(sql`
        insert into users (full_name, email, phone, password_hash, role, referral_code)
        values ('Bench Admin', 'notify-admin@example.com', '+971500000000', 'x', 'SADMIN', 'notifyadmin') returning id`)
    ).rows[0].id;
    const heavyId = (await db.execute<{ id: string }>(sql`select md5('notify-bench-1')::uuid::text as id`)).rows[0].id;
    await db.execute(sql`
      insert into notifications (user_id, kind, params, title, body, created_at, read_at)
      select ${heavyId}::uuid, 'transfer_received', '{"amountCents": 100, "senderName": "Someone"}'::jsonb, 'Points received', 'Someone sent you 1.00 points.',
             now() - (${HEAVY_NOTIFICATIONS} - i) * interval '1 minute', case when i % 3 = 0 then now() end
      from generate_series(1, ${HEAVY_NOTIFICATIONS}) as i`);
    await db.execute(sql`analyze`);
    const [adminToken, heavyToken] = await createSessions(url, [adminId, heavyId]);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1', SIGNUP_LIMIT_PER_HOUR: '0' });
    const mailer = { send: async () => {} };
    app = await buildApp({ config, db, mailer, clock: () => new Date(), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const XSRF = 'bench-xsrf-token';

    // The list first (the announcement's e-mail jobs would run beside it afterwards).
    const list = async (page: number) => {
      const cookie = `sid=${heavyToken}; XSRF-TOKEN=${XSRF}`;
      const p = `/api/v1/notifications?page=${page}&limit=20`;
      const check = await fetch(base + p, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`${p}: ${check.status} ${await check.text()}`);
      await cannon({ url: base, connections: 2, duration: 1, next: () => ({ path: p, headers: { cookie } }) });
      return cannon({ url: base, connections: 2, duration: LIST_DURATION, next: () => ({ path: p, headers: { cookie } }) });
    };
    const first = await list(1);
    const deep = await list(200);

    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/admin/announcements`, {
      method: 'POST',
      headers: { cookie: `sid=${adminToken}; XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ audience: 'all', title: 'Maintenance tonight', body: 'The platform is down for 10 minutes at 22:00 UTC.', email: true }),
    });
    const body = (await res.json()) as { announcement?: { _id: string; recipients: number } };
    if (res.status !== 201 || !body.announcement) throw new Error(`announcement: ${res.status} ${JSON.stringify(body)}`);
    for (;;) {
      const { rows } = await db.execute<{ done: boolean }>(sql`select delivered_at is not null as done from announcements where id = ${body.announcement._id}`);
      if (rows[0].done) break;
      if (performance.now() - t0 > 300_000) throw new Error('the announcement was not delivered in 5 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    const landed = await db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where kind = 'announcement'`);
    const jobs = await db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker._private_jobs`);
    console.log(
      JSON.stringify({
        recipients: body.announcement.recipients,
        landed: landed.rows[0].n,
        announcement_s: round(seconds, 1),
        email_jobs_waiting_at_end: jobs.rows[0].n,
        list_p95_ms: { first: round(first.p95, 1), deep: round(deep.p95, 1) },
        list_p50_ms: { first: round(first.p50, 1), deep: round(deep.p50, 1) },
      }),
    );
  } finally {
    await app?.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
