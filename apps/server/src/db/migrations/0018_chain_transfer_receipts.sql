-- A transfer the poller lists is credited only once the solidified transaction's receipt confirms it
-- (receipt.result SUCCESS, and a USDT Transfer log to the deposit address with this value at this position).
-- verified: null = not checked yet (the transaction is not solidified, or was listed before this rule), true = the
-- receipt confirms it, false = the chain refuses it (reverted, not in the log): never credited, only dismissed.
ALTER TABLE "chain_transfers" ADD COLUMN "verified" boolean;--> statement-breakpoint
-- Settled history stays as it is; transfers still open are checked against the chain by the next poll.
UPDATE "chain_transfers" SET "verified" = true WHERE "status" IN ('credited', 'dismissed');--> statement-breakpoint
CREATE INDEX "chain_transfers_unverified_idx" ON "chain_transfers" ("id") WHERE "verified" IS NULL AND "status" IN ('new', 'unmatched');
