// What the top bar's bell needs of the notification stream before anything arrives. No zod here: a module that
// builds schemas at its top level comes whole into any chunk that imports one constant of it, and the bell is on
// every signed-in page (docs/product.md#web-client); notifications.ts re-exports this.

/** The SSE event name of a new notification on GET /api/v1/notifications/stream. */
export const NOTIFICATION_SSE_EVENT = 'notification';
