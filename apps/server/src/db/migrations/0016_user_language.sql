-- The user's language (docs/i18n.md): API messages, e-mails and notifications follow it; the web client adopts it
-- after login. PUT /api/v1/user/language sets it; new accounts start in English.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'ar'));
