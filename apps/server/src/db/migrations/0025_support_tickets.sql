-- Support tickets (docs/product.md#support, decision 022): a user's tickets, their messages (internal notes of
-- the operator among them, never shown to the user) and the files attached to messages, kept as bytea here so a
-- backup, a restore and several instances need nothing beside PostgreSQL.
--
-- waiting_since: the user's first message the operator has not answered yet (the desk's "oldest waiting first");
-- user_read_at / staff_read_at: when each side last read the thread; the thread is unread for a side when the
-- other side's last message (last_staff_reply_at, last_user_message_at) is newer.
CREATE TABLE "support_tickets" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "number" serial NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "subject" text NOT NULL,
  "category" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "about_kind" text,
  "about_id" uuid,
  "assigned_to" uuid REFERENCES "users"("id"),
  "waiting_since" timestamp with time zone,
  "last_user_message_at" timestamp with time zone NOT NULL,
  "last_staff_reply_at" timestamp with time zone,
  "user_read_at" timestamp with time zone,
  "staff_read_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "support_tickets_number_unique" UNIQUE ("number"),
  CONSTRAINT "support_tickets_category" CHECK ("category" IN ('deposit', 'withdrawal', 'account', 'videos', 'other')),
  CONSTRAINT "support_tickets_status" CHECK ("status" IN ('open', 'answered', 'closed')),
  CONSTRAINT "support_tickets_about" CHECK (("about_kind" IS NULL AND "about_id" IS NULL) OR ("about_kind" IN ('deposit', 'withdrawal') AND "about_id" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" ("user_id", "updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_desk_idx" ON "support_tickets" ("status", "waiting_since");--> statement-breakpoint
CREATE TABLE "support_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id"),
  "author_id" uuid NOT NULL REFERENCES "users"("id"),
  "staff" boolean NOT NULL,
  "internal" boolean DEFAULT false NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "support_messages_internal_staff" CHECK (NOT "internal" OR "staff")
);--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" ("ticket_id", "created_at");--> statement-breakpoint
-- The hourly limit counts a user's own messages.
CREATE INDEX "support_messages_author_idx" ON "support_messages" ("author_id", "created_at");--> statement-breakpoint
CREATE TABLE "support_attachments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "message_id" uuid NOT NULL REFERENCES "support_messages"("id"),
  "ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id"),
  "position" integer NOT NULL,
  "name" text NOT NULL,
  "content_type" text NOT NULL,
  "size" integer NOT NULL,
  "data" bytea NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "support_attachments_type" CHECK ("content_type" IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  CONSTRAINT "support_attachments_size" CHECK ("size" > 0 AND "size" <= 5242880 AND octet_length("data") = "size")
);--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" ("message_id", "position");--> statement-breakpoint
-- A new e-mail category, "support", that a user may turn off like the others.
ALTER TABLE "notification_email_off" DROP CONSTRAINT "notification_email_off_category";--> statement-breakpoint
ALTER TABLE "notification_email_off" ADD CONSTRAINT "notification_email_off_category" CHECK ("category" in ('deposits', 'withdrawals', 'transfers', 'subscription', 'referrals', 'points', 'announcements', 'support'));
