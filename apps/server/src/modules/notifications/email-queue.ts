// The notification e-mail queue (decisions 014 and 023): graphile-worker 0.16 on the platform's PostgreSQL.
// A notification's insert records it in the e-mail outbox in the same statement (one row for all the statement's
// notifications, decision 031), so it is there if and only if that change committed; each instance's sweeper moves the
// outbox into batch jobs (one per EMAIL_BATCH_SIZE notifications), shortly after this process wrote notifications,
// and every few seconds for the others' (or a sweep that failed). Every instance runs workers in its own process; a job that
// fails (SMTP down, refusing) is retried with the library's exponential backoff (e^attempt seconds, at most 25
// attempts). The job looks up notification_emails first and records there what SMTP accepted, so a retried job
// never sends an e-mail twice once SMTP took it.
// Language: the job carries only the notification's id; the e-mail is rendered when it is sent, from
// the row's kind + params in the recipient's users.language of that moment (read with the address, which is
// read then too). So a user who switches language before a retried or delayed e-mail goes out gets it in the
// new language, and the queue's payload stays the same for every language.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Logger, makeWorkerUtils, run, type Runner, type RunnerOptions, type Task } from 'graphile-worker';
import { ALWAYS_ON_CATEGORIES, notificationLanguage, type NotificationCategory } from '@app/contract';
import { sql } from 'drizzle-orm';
import { survivesLostConnections, verifyPrimary, type Db } from '../../db/client.js';
import type { Mailer } from '../../mail/mailer.js';
import { emailFailures, emailsSent } from '../../metrics.js';
import { categoryOf, notificationEmail } from './email.js';
import { localisedText } from './notifications.service.js';
import { unsubscribeKey, unsubscribeToken } from './unsubscribe.js';
import { deliverAnnouncement } from './announcements.service.js';
import { ANNOUNCEMENT_TASK, EMAIL_BATCH_TASK, EMAIL_TASK, enqueueEmailsSql, sweepEmailOutbox, watchEmailOutbox } from './email-jobs.js';

/** Workers per instance, each sending one e-mail at a time. */
const WORKERS = 2;
/** How often an instance looks for jobs locked by an instance that is gone (killed: it could not unlock them). */
const SWEEP_EVERY_MS = 60_000;
const APP_NAME_PREFIX = 'points-mail-';
/** The sweeper looks at the outbox this long after this process wrote notifications (a burst makes one batch)… */
const SWEEP_DELAY_MS = 200;
/** …and at least this often (notifications other instances wrote, a sweep that failed)… */
const SWEEP_POLL_MS = 5_000;
/** …but every SWEEP_DELAY_MS for this long after this process wrote notifications. */
const SWEEP_EAGER_MS = 3_000;
/** A batch's failed e-mail waits what the queue's first retry waits (e^1 s) before its own job tries it again. */
const FIRST_RETRY_S = Math.E;

type LogFn = (obj: object, msg: string) => void;
export interface QueueLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** graphile-worker's messages into the app's log (its debug and info chatter left out). */
function queueLogger(log?: QueueLog): Logger {
  return new Logger(() => (level, message) => {
    if (!log) return;
    if (level === 'error') log.error({ queue: 'email' }, message);
    else if (level === 'warning') log.warn({ queue: 'email' }, message);
  });
}

export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/**
 * Sends the e-mail of notification `id` once: nothing when notification_emails already records it, when the
 * user is gone or turned the category off since (security excepted). Throws when SMTP fails (the job is retried).
 */
export async function deliverNotificationEmail(deps: EmailDeps, id: number): Promise<'sent' | 'already' | 'skipped'> {
  const { rows } = await deps.db.execute<{
    public_id: string;
    user_id: string;
    kind: string;
    title: string;
    body: string;
    params: unknown;
    email: string;
    full_name: string;
    language: string;
    live: boolean;
    off: NotificationCategory[];
    sent: boolean;
  }>(sql`
    select n.public_id, n.user_id, n.kind, n.title, n.body, n.params, u.email, u.full_name, u.language, u.deleted_at is null as live,
      array(select category from notification_email_off o where o.user_id = n.user_id) as off,
      exists (select 1 from notification_emails e where e.notification_id = n.id) as sent
    from notifications n join users u on u.id = n.user_id
    where n.id = ${id}`);
  const n = rows[0];
  if (!n) return 'skipped';
  if (n.sent) return 'already';
  const category = categoryOf(n.kind);
  const alwaysOn = ALWAYS_ON_CATEGORIES.includes(category);
  if (!n.live || (!alwaysOn && n.off.includes(category))) return 'skipped';
  const unsubscribeUrl = alwaysOn
    ? null
    : `${deps.appUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(await unsubscribeKey(deps.db), n.user_id, category))}`;
  const lang = notificationLanguage(n.language);
  const { title, body } = localisedText(n, lang);
  const message = notificationEmail({ to: n.email, fullName: n.full_name, kind: n.kind, title, body, publicId: n.public_id, appUrl: deps.appUrl, unsubscribeUrl, lang });
  try {
    await deps.mailer.send(message);
  } catch (e) {
    emailFailures.inc();
    throw e;
  }
  emailsSent.inc();
  // SMTP accepted it. A crash before this line is the one window in which a retry sends it again (decision 014).
  await deps.db.execute(sql`insert into notification_emails (notification_id, message_id) values (${id}, ${message.messageId!}) on conflict do nothing`);
  return 'sent';
}

export interface EmailWorker {
  /** Workers started again after graphile-worker dropped one that lost the database (see replaceRunner). */
  replaced: number;
  stop(): Promise<void>;
}

/**
 * Starts this instance's e-mail workers on their own small pool. Its connections carry the application name
 * `points-mail-<instance>`, and its workers' ids start with it: a job locked by a worker whose instance has no
 * connection left (killed with -9, its locks never released) is unlocked by the next sweep of any instance and
 * runs again, instead of waiting the library's 4 hours.
 */
export async function startEmailWorker(deps: EmailDeps & { log: QueueLog; ratePerSecond: () => number }): Promise<EmailWorker> {
  const instance = `${APP_NAME_PREFIX}${randomUUID()}`;
  const connectionString = deps.db.$client.options.connectionString;
  const pool = new pg.Pool({ connectionString, max: WORKERS + 2, idleTimeoutMillis: 0, application_name: instance, keepAlive: true, verify: verifyPrimary });
  survivesLostConnections(pool);
  const logger = queueLogger(deps.log);
  let stopped = false;
  // EMAIL_RATE_LIMIT (a setting, decision 023): this instance's e-mails start at least 1/rate s apart, whichever
  // worker sends them; a burst waits in the queue. Once the instance stops, a waiting e-mail gives up (see below).
  let nextSendAt = 0;
  const stopWaits = new Set<() => void>();
  const turn = async (): Promise<boolean> => {
    const rate = deps.ratePerSecond();
    if (!(rate > 0)) return !stopped;
    const now = Date.now();
    const at = Math.max(now, nextSendAt);
    nextSendAt = at + 1000 / rate;
    if (at > now) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, at - now);
        function done() {
          clearTimeout(timer);
          stopWaits.delete(done);
          resolve();
        }
        stopWaits.add(done);
      });
    }
    return !stopped;
  };
  const task: Task = async (payload) => {
    const id = Number((payload as { id?: unknown } | null)?.id);
    if (!Number.isSafeInteger(id)) return; // not ours to understand: done, not retried
    if (!(await turn())) throw new Error('the instance is stopping: the e-mail is left to the next attempt');
    await deliverNotificationEmail(deps, id);
  };
  // A batch from the outbox: each e-mail in turn (one already sent is skipped, so a batch run again after a crash
  // sends nothing twice). At the first failure the rest become jobs of their own, each with the queue's retries
  // and backoff, and the batch is done: one refusing address or an SMTP outage holds back no other e-mail.
  const batchTask: Task = async (payload, helpers) => {
    const raw = (payload as { ids?: unknown } | null)?.ids;
    const ids = Array.isArray(raw) ? raw.map(Number).filter(Number.isSafeInteger) : [];
    // The rest become jobs of their own at the first failure, or when the instance stops: they are not lost, and
    // a stop does not wait for a long batch at the rate limit.
    const rest = (i: number) => deps.db.execute(enqueueEmailsSql(sql`select unnest(${sql.param(ids.slice(i))}::bigint[]) as id`));
    for (let i = 0; i < ids.length; i++) {
      if (!(await turn())) return void (await rest(i));
      try {
        await deliverNotificationEmail(deps, ids[i]);
      } catch (e) {
        // The one that failed is tried again after the queue's first backoff (e^1 s), as a job of its own would be;
        // the others at once.
        await deps.db.execute(enqueueEmailsSql(sql`select ${ids[i]}::bigint as id`, { delaySeconds: FIRST_RETRY_S }));
        await rest(i + 1);
        helpers.logger.warn(`e-mail of notification ${ids[i]} failed (${(e as Error).message}); ${ids.length - i} e-mail(s) queued one by one`);
        return;
      }
    }
  };
  const announcementTask: Task = async (payload) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id === 'string') await deliverAnnouncement(deps.db, id);
  };
  const utils = await makeWorkerUtils({ pgPool: pool, logger });
  const sweep = async () => {
    const { rows } = await pool.query<{ locked_by: string }>(
      `select distinct j.locked_by from graphile_worker._private_jobs j
       where j.locked_by like $1 and not exists (
         select 1 from pg_stat_activity a where a.application_name like $1 and j.locked_by like a.application_name || '-%')`,
      [`${APP_NAME_PREFIX}%`],
    );
    if (rows.length) {
      await utils.forceUnlockWorkers(rows.map((r) => r.locked_by));
      deps.log.warn({ queue: 'email', workers: rows.length }, 'e-mail jobs of a stopped instance unlocked to run again');
    }
  };
  const runners: Runner[] = [];
  const runnerOptions = (i: number): RunnerOptions & { workerId: string } => ({
    // workerId (read by run() in 0.16, with concurrency 1) is not in RunnerOptions' type.
    pgPool: pool, logger, noHandleSignals: true, concurrency: 1, workerId: `${instance}-${i}`, pollInterval: 2000,
    taskList: { [EMAIL_TASK]: task, [EMAIL_BATCH_TASK]: batchTask, [ANNOUNCEMENT_TASK]: announcementTask },
  });
  // graphile-worker 0.16 drops a worker that could not record the end of its job (the database went away between
  // the job and its completeJob/failJob) and starts no other: the instance would be left without that worker, and
  // the job it held locked for the library's 4 hours (its instance still has connections, so the sweep above leaves
  // it). So the runner is replaced: stopped, the job it held unlocked (a job that did complete is gone anyway; one
  // that ran again sends no e-mail twice, see deliverNotificationEmail), and a new one started once the database
  // answers again (docs/operations.md "When the database goes away").
  const replacing = new Set<Promise<void>>();
  const startRunner = async (i: number) => {
    const runner = await run(runnerOptions(i));
    runners[i] = runner;
    runner.events.on('worker:fatalError', () => {
      const p = replaceRunner(i, runner).finally(() => replacing.delete(p));
      replacing.add(p);
    });
  };
  const replaceRunner = async (i: number, dead: Runner) => {
    if (stopped || runners[i] !== dead) return;
    deps.log.warn({ queue: 'email', worker: i }, 'an e-mail worker lost the database; starting another');
    await Promise.resolve(dead.stop()).catch(() => {});
    for (let attempt = 0; !stopped; attempt++) {
      try {
        await utils.forceUnlockWorkers([`${instance}-${i}`]);
        await startRunner(i);
        state.replaced++;
        if (stopped) await Promise.resolve(runners[i].stop()).catch(() => {});
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)).unref());
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  // The outbox sweeper: one sweep at a time per instance, again at once while batches come out full. A write of this
  // process brings the next sweep forward to SWEEP_DELAY_MS, and for SWEEP_EAGER_MS after it the sweeper looks every
  // SWEEP_DELAY_MS (the write may commit after the first look: its transaction was still running); otherwise every
  // SWEEP_POLL_MS.
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweepDueAt = Infinity;
  let lastWriteAt = -Infinity;
  let sweeping: Promise<void> | undefined;
  const sweepOutbox = async () => {
    while (!stopped && (await sweepEmailOutbox(deps.db)).more);
  };
  const scheduleSweep = (delay: number) => {
    if (stopped) return;
    const due = Date.now() + delay;
    if (sweepTimer && sweepDueAt <= due) return;
    clearTimeout(sweepTimer);
    sweepDueAt = due;
    sweepTimer = setTimeout(() => {
      sweepTimer = undefined;
      sweepDueAt = Infinity;
      if (sweeping) return scheduleSweep(SWEEP_DELAY_MS);
      sweeping = sweepOutbox()
        .catch((e) => deps.log.warn({ queue: 'email', err: e }, 'e-mail outbox sweep failed'))
        .finally(() => {
          sweeping = undefined;
          scheduleSweep(Date.now() - lastWriteAt < SWEEP_EAGER_MS ? SWEEP_DELAY_MS : SWEEP_POLL_MS);
        });
    }, delay);
    sweepTimer.unref();
  };
  let unwatch: (() => void) | undefined;
  try {
    await sweep();
    for (let i = 0; i < WORKERS; i++) await startRunner(i);
    timer = setInterval(() => void sweep().catch((e) => deps.log.warn({ queue: 'email', err: e }, 'e-mail job sweep failed')), SWEEP_EVERY_MS);
    timer.unref();
    unwatch = watchEmailOutbox(() => {
      lastWriteAt = Date.now();
      scheduleSweep(SWEEP_DELAY_MS);
    });
    scheduleSweep(0);
  } catch (e) {
    stopped = true;
    clearTimeout(sweepTimer);
    unwatch?.();
    await Promise.all(runners.map((r) => Promise.resolve(r.stop()).catch(() => {})));
    await Promise.resolve(utils.release()).catch(() => {});
    await pool.end().catch(() => {});
    throw e;
  }
  const state: EmailWorker = {
    replaced: 0,
    async stop() {
      clearInterval(timer);
      stopped = true;
      for (const wake of stopWaits) wake();
      clearTimeout(sweepTimer);
      unwatch?.();
      await sweeping;
      await Promise.all(replacing);
      // A worker's stop waits for its e-mail in progress, then unlocks what it holds.
      await Promise.all(runners.map((r) => Promise.resolve(r.stop()).catch(() => {})));
      await Promise.resolve(utils.release()).catch(() => {});
      await pool.end().catch(() => {});
    },
  };
  return state;
}
