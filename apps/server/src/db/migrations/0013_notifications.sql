-- Notifications (docs/product.md#notifications): one row per event told to a user, written in the transaction of the change it reports.
-- "id" orders a user's notifications and is the server-sent-events id (Last-Event-ID); "public_id" is the _id the
-- API shows. The title and body are stored rendered (in English), and kind + params too, so a later release can
-- render them again in the reader's language.
CREATE TABLE "notifications" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "kind" text NOT NULL,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_public_id_idx" ON "notifications" ("public_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id", "id") WHERE "read_at" IS NULL;--> statement-breakpoint
-- Every statement that inserts notifications tells the instances, once, which users have new ones: a NOTIFY on
-- channel "notifications" is delivered only when the transaction commits (a rolled-back change tells nobody).
-- The payload is the users' ids separated by commas, or "*" (every connected client re-checks) when there are
-- more than fit comfortably in a NOTIFY payload (8000 bytes): an announcement's batch, for instance.
CREATE FUNCTION "notifications_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n int;
BEGIN
  SELECT count(*), string_agg(user_id::text, ',') INTO n, ids
  FROM (SELECT DISTINCT user_id FROM new_rows LIMIT 101) s;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('notifications', CASE WHEN n > 100 THEN '*' ELSE ids END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_notify" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_notify"();
