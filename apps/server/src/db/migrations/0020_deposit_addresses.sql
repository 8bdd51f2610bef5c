-- Every user their own deposit address, derived from an account-level extended PUBLIC key (TRON_XPUB,
-- m/44'/195'/0'); user n's address is m/44'/195'/0'/0/n. See docs/money.md and decision 018.
--
-- deposit_xpubs: every key ever set, so a rotation keeps the old keys' addresses watched and shown. key_id is the
-- key's hash160 (hex). next_index is the next child index to give: taken with UPDATE … RETURNING (the row lock
-- serialises first views on every instance), never lowered, so an index is never given twice.
CREATE TABLE "deposit_xpubs" (
  "id" serial PRIMARY KEY NOT NULL,
  "xpub" text NOT NULL,
  "key_id" text NOT NULL,
  "next_index" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "deposit_xpubs_xpub_unique" UNIQUE ("xpub"),
  CONSTRAINT "deposit_xpubs_key_id_unique" UNIQUE ("key_id"),
  CONSTRAINT "deposit_xpubs_next_index" CHECK ("next_index" >= 0 AND "next_index" < 2147483647)
);--> statement-breakpoint
-- deposit_addresses: one per user, for good (a closed account keeps its row and its index). address is base58
-- (T…), address_hex the 20-byte account in lower-case hex (how the events API and transaction logs name it).
CREATE TABLE "deposit_addresses" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "xpub_id" integer NOT NULL REFERENCES "deposit_xpubs"("id"),
  "idx" integer NOT NULL,
  "address" text NOT NULL,
  "address_hex" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "deposit_addresses_key_index_unique" UNIQUE ("xpub_id", "idx"),
  CONSTRAINT "deposit_addresses_address_unique" UNIQUE ("address"),
  CONSTRAINT "deposit_addresses_address_hex_unique" UNIQUE ("address_hex"),
  CONSTRAINT "deposit_addresses_hex" CHECK ("address_hex" ~ '^[0-9a-f]{40}$')
);--> statement-breakpoint
-- Transfers to users' addresses come from the USDT contract's events: their position is the event_index (the
-- log's index in its transaction), and they are checked against that log entry (source 'events'); the shared
-- address's listing keeps its own numbering (source 'listing').
ALTER TABLE "chain_transfers" ADD COLUMN "source" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_source" CHECK ("source" IN ('listing', 'events'));--> statement-breakpoint
CREATE INDEX "chain_transfers_to_address_idx" ON "chain_transfers" ("to_address", "block_time") WHERE "source" = 'events';--> statement-breakpoint
-- The events watcher's cursor: the query's min_block_timestamp, the fingerprint of the next page (null: the query
-- was read to its end), and the highest block time settled. Saved in the transaction that settles each page.
ALTER TABLE "chain_poller" ADD COLUMN "events_min_ms" bigint;--> statement-breakpoint
ALTER TABLE "chain_poller" ADD COLUMN "events_fingerprint" text;--> statement-breakpoint
ALTER TABLE "chain_poller" ADD COLUMN "events_high_ms" bigint;--> statement-breakpoint
-- When the operator last swept the deposit addresses (totals "since the last sweep" count from here).
ALTER TABLE "chain_poller" ADD COLUMN "sweep_mark_at" timestamp with time zone;
