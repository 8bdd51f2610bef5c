-- Which trigrams of users' e-mails and names are common (decision 027): ANALYZE keeps the most common elements of
-- show_trgm(col) with their shares, and the substring searches (db/trigram-search.ts) leave the common ones out of
-- what the trigram indexes read. Statistics only: nothing is written on a sign-up, and ANALYZE (autovacuum's, or the
-- one below) fills them.
CREATE STATISTICS "users_email_trigrams" ON (show_trgm("email")) FROM "users";
--> statement-breakpoint
CREATE STATISTICS "users_full_name_trigrams" ON (show_trgm("full_name")) FROM "users";
--> statement-breakpoint
ANALYZE "users";
