// How long a session lives (plugins/session.ts): idle expiry 24 h, absolute 7 days. Housekeeping prunes by the
// same numbers, so they sit below both.
export const IDLE_MS = 24 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is touched (last_seen_at set to now, its idle time restarting) at most once in this long. */
export const TOUCH_EVERY_MS = 60 * 1000;
