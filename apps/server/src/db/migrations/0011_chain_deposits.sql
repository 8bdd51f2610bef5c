-- Deposits confirmed on the Tron chain (decision 013). See docs/money.md and docs/decisions (attribution).
--
-- deposit_requests: a user's payment request. pay_amount_cents is the amount plus 0.00 … 0.99, chosen under an
-- advisory lock so that no two requests whose windows [created_at, expires_at] overlap share a pay amount: a
-- transfer of that amount made inside a window names exactly one request.
CREATE TABLE "deposit_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "amount_cents" bigint NOT NULL,
  "pay_amount_cents" bigint NOT NULL,
  "address" text NOT NULL,
  -- awaiting | confirming (its transaction id was pasted, not yet solid on the chain) | credited; "expired" is
  -- awaiting/confirming past expires_at, worked out when read.
  "status" text DEFAULT 'awaiting' NOT NULL,
  "transfer_id" bigint,
  "credited_cents" bigint,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "credited_at" timestamp with time zone,
  CONSTRAINT "deposit_requests_amount_positive" CHECK ("amount_cents" > 0),
  CONSTRAINT "deposit_requests_pay_amount" CHECK ("pay_amount_cents" >= "amount_cents" AND "pay_amount_cents" < "amount_cents" + 100),
  CONSTRAINT "deposit_requests_status" CHECK ("status" IN ('awaiting', 'confirming', 'credited')),
  CONSTRAINT "deposit_requests_window" CHECK ("expires_at" > "created_at")
);
CREATE INDEX "deposit_requests_pay_idx" ON "deposit_requests" ("pay_amount_cents", "expires_at");
CREATE INDEX "deposit_requests_user_idx" ON "deposit_requests" ("user_id", "created_at");

-- chain_transfers: every USDT transfer to the deposit address seen on the chain (by the poller or through a pasted
-- transaction id), once: unique on the transaction id and the transfer's position among the transaction's
-- transfers to the address. status: new (recorded, not yet matched) | credited | unmatched | dismissed.
CREATE TABLE "chain_transfers" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "tx_id" text NOT NULL,
  "position" integer NOT NULL,
  "token" text NOT NULL,
  "from_address" text NOT NULL,
  "to_address" text NOT NULL,
  "value" numeric(78, 0) NOT NULL,
  "block_time" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'new' NOT NULL,
  "reason" text,
  "user_id" uuid REFERENCES "users"("id"),
  "request_id" uuid REFERENCES "deposit_requests"("id"),
  "resolved_by" uuid REFERENCES "users"("id"),
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chain_transfers_tx_position" UNIQUE ("tx_id", "position"),
  CONSTRAINT "chain_transfers_status" CHECK ("status" IN ('new', 'credited', 'unmatched', 'dismissed')),
  CONSTRAINT "chain_transfers_tx_hash" CHECK ("tx_id" ~ '^[0-9a-f]{64}$')
);
CREATE INDEX "chain_transfers_open_idx" ON "chain_transfers" ("status", "id") WHERE "status" IN ('new', 'unmatched');

-- deposit_claims: who pasted which transaction id while chain deposits are on (shown to admins beside an
-- unmatched transfer; never credits anyone by itself).
CREATE TABLE "deposit_claims" (
  "tx_id" text NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "amount_cents" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("tx_id", "user_id")
);

-- chain_poller: the poller's cursor and health, one row. The cursor (min_timestamp of the next read) is saved after
-- each page, so a crash or restart re-reads at most one page (recorded transfers are skipped by their key).
CREATE TABLE "chain_poller" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "cursor_ms" bigint,
  "last_poll_at" timestamp with time zone,
  "last_success_at" timestamp with time zone,
  "last_error_at" timestamp with time zone,
  "last_error" text,
  "retry_after" timestamp with time zone,
  CONSTRAINT "chain_poller_one_row" CHECK ("id" = 1)
);
INSERT INTO "chain_poller" ("id") VALUES (1);
