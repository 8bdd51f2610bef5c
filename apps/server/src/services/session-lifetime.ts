// How long a session lives (plugins/session.ts): idle expiry 24 h, absolute 7 days. Housekeeping prunes by the
// same numbers, so they sit below both.
export const IDLE_MS = 24 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
