-- pg_trgm (a trusted extension shipped with PostgreSQL) for the trigram indexes on users below.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "audit_created_idx";--> statement-breakpoint
DROP INDEX "audit_actor_idx";--> statement-breakpoint
DROP INDEX "audit_action_idx";--> statement-breakpoint
DROP INDEX "deposits_pending_idx";--> statement-breakpoint
DROP INDEX "withdrawals_pending_idx";--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is null and "users"."role" <> 'USER';--> statement-breakpoint
CREATE INDEX "users_subscribers_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is null and "users"."subscribed_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deposits_admin_list_idx" ON "deposits" USING btree ("created_at","id") WHERE "deposits"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "deposits_admin_status_idx" ON "deposits" USING btree ("deposited","created_at","id") WHERE "deposits"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_admin_list_idx" ON "withdrawals" USING btree ("created_at","id") WHERE "withdrawals"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_admin_status_idx" ON "withdrawals" USING btree ("withdrawed","created_at","id") WHERE "withdrawals"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("created_at","amount_cents") WHERE "deposits"."deposited" = false and "deposits"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("created_at","amount_cents") WHERE "withdrawals"."withdrawed" = false and "withdrawals"."hidden_at" is null;