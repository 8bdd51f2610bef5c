-- Notification e-mail (decision 014): per-category e-mail preferences, announcements, the record of
-- each e-mail SMTP accepted, and the secret that signs unsubscribe links. The queue itself lives in the
-- graphile_worker schema, which its library creates and migrates (db/migrate.ts).
CREATE TABLE "notification_email_off" (
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "category" text NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_email_off_pk" PRIMARY KEY ("user_id", "category"),
  CONSTRAINT "notification_email_off_category" CHECK ("category" in ('deposits', 'withdrawals', 'transfers', 'subscription', 'referrals', 'points', 'announcements'))
);--> statement-breakpoint
CREATE TABLE "announcements" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "audience" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "email" boolean NOT NULL,
  "recipients" integer NOT NULL,
  -- Delivery in batches (modules/notifications/announcements.service.ts): the last user written, how many so far,
  -- and when the last batch committed (null while it is being delivered).
  "delivered_through" uuid,
  "delivered" integer DEFAULT 0 NOT NULL,
  "delivered_at" timestamp with time zone,
  "created_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "announcements_audience" CHECK ("audience" in ('all', 'subscribers', 'admins'))
);--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "notification_emails" (
  "notification_id" bigint PRIMARY KEY NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
  "message_id" text NOT NULL,
  "accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "server_secrets" (
  "name" text PRIMARY KEY NOT NULL,
  "value" bytea NOT NULL
);--> statement-breakpoint
-- 256 bits from PostgreSQL's strong random source (gen_random_uuid: 122 random bits each), made once per database.
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('unsubscribe', uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
