-- Whether the first run of a keyed request checked a second-factor code. A retry may skip the code only when it
-- replays that very route and body and the first run did check one (security/second-factor.ts): a key completed
-- on another route, or before two-factor sign-in was on, never stands in for a code.
ALTER TABLE "idempotency_keys" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;
