-- The stream's NOTIFY from a row trigger (decision 028). The statement trigger of migrations 0013 and 0021 kept
-- every inserted row in a transition table and ran two queries over it per statement: ~0.06 ms of the database's
-- time per transfer (two rows), a tenth of the whole transfer. A row trigger probes notification_streams by its
-- primary key for the row's user and NOTIFYs that user alone, and only when an instance streams to them: the same
-- rule (no listener, no NOTIFY: a notifying commit takes a database-wide lock through its WAL flush) at ~0.015 ms a
-- row. PostgreSQL folds a transaction's identical NOTIFYs into one, so a user told twice in one transaction is told
-- once. A bulk insert (an announcement's batch) now names each streaming user instead of sending "*": one probe per
-- row, and NOTIFYs only for the few users with a stream open, whom the listener reads as before.
DROP TRIGGER "notifications_notify" ON "notifications";
--> statement-breakpoint
DROP FUNCTION "notifications_notify"();
--> statement-breakpoint
CREATE FUNCTION "notifications_notify_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM notification_streams s WHERE s.user_id = NEW.user_id AND s.seen_at > now() - interval '1 minute') THEN
    PERFORM pg_notify('notifications', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_notify" AFTER INSERT ON "notifications" FOR EACH ROW EXECUTE FUNCTION "notifications_notify_row"();
