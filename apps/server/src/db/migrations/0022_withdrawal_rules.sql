-- Withdrawal rules and payout proof (docs/product.md#withdrawals, docs/money.md, decision 021).
-- fee_cents: the fee taken when the request was made (0 for every earlier request: their net is their amount).
-- payable_after: a payout address new to the user may not be paid before it (null: not held).
-- payout_tx_id: the chain transaction proven to pay it; unique, so one transaction pays one withdrawal.
INSERT INTO ledger_accounts (code) VALUES ('income:withdrawal_fees');
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payable_after" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_tx_id" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_range" CHECK ("withdrawals"."fee_cents" >= 0 and "withdrawals"."fee_cents" < "withdrawals"."amount_cents");
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_tx_idx" ON "withdrawals" USING btree ("payout_tx_id") WHERE "withdrawals"."payout_tx_id" is not null;
--> statement-breakpoint
-- Four-eyes: each admin's approval of a withdrawal, once per admin.
CREATE TABLE "withdrawal_approvals" (
  "withdrawal_id" uuid NOT NULL REFERENCES "withdrawals"("id"),
  "admin_id" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "withdrawal_approvals_pkey" PRIMARY KEY ("withdrawal_id", "admin_id")
);
