-- Sudo mode (decision 017): when this session last proved its password (and the second factor when two-
-- factor sign-in is on) through POST /api/v1/user/reauth. Adding or removing a passkey and turning two-factor
-- sign-in on or off need it within the last 5 minutes. Per session: another session's stamp never counts.
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;
