-- Accounts, after the second outside attack (docs/security.md). E-mails are compared NFC-normalised: stored ones are normalised too, except where that
-- would collide with another account (both stay as they are; the unique constraint keeps them apart).
-- normalize() needs a UTF8 database; any other encoding keeps its addresses as they are.
DO $$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    UPDATE users u
       SET email = normalize(u.email, NFC)
     WHERE u.email IS NOT NFC NORMALIZED
       AND lower(normalize(u.email, NFC)) = normalize(u.email, NFC)
       AND NOT EXISTS (SELECT 1 FROM users v WHERE v.email = normalize(u.email, NFC));
  END IF;
END $$;
--> statement-breakpoint
-- Housekeeping deletes expired sessions and used or expired reset links on a schedule (plugins/housekeeping.ts).
CREATE INDEX IF NOT EXISTS "sessions_expires_idx" ON "sessions" ("expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_last_seen_idx" ON "sessions" ("last_seen_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_resets_expires_idx" ON "password_resets" ("expires_at");
