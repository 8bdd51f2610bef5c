-- Identity checks (docs/product.md#identity-checks, decision 022). kyc_forms: every version of the form the super
-- admin designed (a submission points at the version it answered, so a later change never alters it).
-- kyc_submissions: a user's answers (files apart) and the decision; kyc_documents: the files, as bytea like
-- support attachments. The retention job deletes a verified user's documents and stamps documents_deleted_at.
CREATE TABLE "kyc_forms" (
  "version" serial PRIMARY KEY NOT NULL,
  "fields" jsonb NOT NULL,
  "created_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "form_version" integer NOT NULL REFERENCES "kyc_forms"("version"),
  "answers" jsonb NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "reason" text,
  "reviewed_by" uuid REFERENCES "users"("id"),
  "reviewed_at" timestamp with time zone,
  "documents_deleted_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kyc_submissions_status" CHECK ("status" IN ('pending', 'verified', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_review_idx" ON "kyc_submissions" ("status", "created_at");--> statement-breakpoint
-- One submission waiting per user: a second one sent at the same moment is refused by this index.
CREATE UNIQUE INDEX "kyc_submissions_one_pending" ON "kyc_submissions" ("user_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE TABLE "kyc_documents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "submission_id" uuid NOT NULL REFERENCES "kyc_submissions"("id"),
  "field" text NOT NULL,
  "name" text NOT NULL,
  "content_type" text NOT NULL,
  "size" integer NOT NULL,
  "data" bytea NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kyc_documents_type" CHECK ("content_type" IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  CONSTRAINT "kyc_documents_size" CHECK ("size" > 0 AND "size" <= 5242880 AND octet_length("data") = "size")
);--> statement-breakpoint
CREATE INDEX "kyc_documents_submission_idx" ON "kyc_documents" ("submission_id");
