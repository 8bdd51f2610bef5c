-- One e-mail outbox row per statement, not per notification (decision 031). The statement that writes notifications
-- (modules/notifications/notify.ts) records all of its notifications' ids (announcements excepted) in one row here,
-- keyed by the first of them; the sweeper (email-jobs.ts) takes whole rows. A transfer writes two notifications:
-- this is one heap row, one index entry and, for the sweeper, one delete a transfer fewer than the table of 0021.
-- notification_email_outbox stays: an instance of the previous release writes there during a rolling upgrade, and
-- every sweeper of this release empties both.
CREATE TABLE "notification_email_outbox_sets" (
  "first_id" bigint PRIMARY KEY NOT NULL,
  "notification_ids" bigint[] NOT NULL
);
