// The pushed notification's schema, loaded only when the stream delivers one (use-notification-stream.ts).
export { notificationStreamEvent } from '@app/contract';
