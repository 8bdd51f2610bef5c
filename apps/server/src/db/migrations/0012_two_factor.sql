-- Account security (docs/product.md#security-rules): authenticator apps (TOTP), recovery codes, passkeys, sign-ins in progress, the
-- sign-in history and known browsers. Sessions get a public id (the token hash is never shown) for the sessions list.
ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_idx" ON "sessions" ("id");--> statement-breakpoint
CREATE TABLE "user_totp" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "secret" text NOT NULL,
  "enabled_at" timestamp with time zone,
  "last_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "recovery_codes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" ("user_id");--> statement-breakpoint
CREATE TABLE "login_challenges" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid REFERENCES "users"("id"),
  "challenge" text,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "login_challenges_expires_idx" ON "login_challenges" ("expires_at");--> statement-breakpoint
CREATE TABLE "passkey_registrations" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "challenge" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "passkeys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "credential_id" text NOT NULL UNIQUE,
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" text DEFAULT '' NOT NULL,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" ("user_id");--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL,
  "ip" text NOT NULL,
  "user_agent" text NOT NULL,
  "success" boolean NOT NULL
);--> statement-breakpoint
CREATE INDEX "sign_in_attempts_user_idx" ON "sign_in_attempts" ("user_id", "id");--> statement-breakpoint
CREATE TABLE "known_browsers" (
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "browser_hash" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("user_id", "browser_hash")
);
