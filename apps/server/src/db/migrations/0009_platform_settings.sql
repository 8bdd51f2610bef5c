-- Platform settings the super admin edits (docs/operations.md): one row per setting, its value as JSON (integer cents for
-- amounts). The environment seeds a missing row at start; after that this table is the truth. Each change is
-- announced on the channel platform_settings (NOTIFY, sent at commit) so every instance reloads at once.
CREATE TABLE "platform_settings" (
  "name" text PRIMARY KEY NOT NULL,
  "value" jsonb NOT NULL,
  "updated_by" uuid REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
