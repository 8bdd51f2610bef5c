-- The money path's notifications at full speed (decision 023).
--
-- 1. E-mails leave the money's transaction. A notification's e-mail used to be a graphile-worker job added by a
--    second statement of the transaction that wrote it (decision 014), one job per notification; now the statement
--    that inserts notifications also records each one here (modules/notifications/notify.ts, a data-modifying CTE
--    of that same statement, so the row exists exactly when the notification committed), and each instance's
--    e-mail sweeper turns what waits here into one job per batch (modules/notifications/email-queue.ts).
--    Announcements are not recorded: their delivery job queues their e-mails per batch of recipients.
CREATE TABLE "notification_email_outbox" (
  "notification_id" bigint PRIMARY KEY NOT NULL
);--> statement-breakpoint
-- 2. A NOTIFY only for users someone is listening for. pg_notify makes every notifying transaction take one
--    database-wide lock at commit, held through the commit's WAL flush: committing transactions that notify run one
--    at a time, which halved the transfer's throughput. Each instance records here the users it holds an open
--    notification stream for (modules/notifications/notifications.stream.ts), refreshing "seen_at" every 15 s; the
--    insert trigger of migration 0013 now NOTIFYs only when one of the statement's users has a fresh row here (or,
--    for more than 100 users, when any stream is open anywhere).
CREATE TABLE "notification_streams" (
  "user_id" uuid NOT NULL,
  "instance" uuid NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_streams_pk" PRIMARY KEY ("user_id", "instance")
);--> statement-breakpoint
CREATE INDEX "notification_streams_instance_idx" ON "notification_streams" ("instance");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notifications_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n int;
BEGIN
  SELECT count(*), string_agg(user_id::text, ',') INTO n, ids
  FROM (SELECT DISTINCT user_id FROM new_rows LIMIT 101) s;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  IF n > 100 THEN
    IF EXISTS (SELECT 1 FROM notification_streams WHERE seen_at > now() - interval '1 minute') THEN
      PERFORM pg_notify('notifications', '*');
    END IF;
    RETURN NULL;
  END IF;
  SELECT string_agg(DISTINCT r.user_id::text, ',') INTO ids
  FROM new_rows r
  WHERE EXISTS (SELECT 1 FROM notification_streams s WHERE s.user_id = r.user_id AND s.seen_at > now() - interval '1 minute');
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('notifications', ids);
  END IF;
  RETURN NULL;
END
$$;
