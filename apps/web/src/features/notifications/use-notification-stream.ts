// The live stream (GET /notifications/stream, server-sent events): one EventSource per tab, opened by the top
// bar's bell, which exists only while someone is signed in, so logging out (the bell unmounts) closes it.
// The browser reconnects by itself and sends Last-Event-ID; when it gives up (the stream answered with an
// error), we open a new one after a growing pause and re-read the lists, so nothing missed stays missing.
import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_SSE_EVENT, type NotificationStreamEvent, type NotificationsResponse } from '@app/contract';
import { notificationKeys, STREAM_URL } from './api';

/**
 * The event's schema (zod and the contract's schemas, ~25 kB gzipped) loads with the first pushed event, not with
 * the bell: a signed-in page load, where nothing is pushed, fetches and runs neither (the dashboard's
 * first load).
 */
let schema: Promise<(typeof import('./stream-event'))['notificationStreamEvent']> | undefined;
const loadSchema = () =>
  (schema ??= import('./stream-event').then(
    (m) => m.notificationStreamEvent,
    (err: unknown) => {
      schema = undefined; // a failed download is tried again with the next event
      throw err;
    },
  ));

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** Puts a pushed notification into every cached list at once (the unread count the server sent, the item at
 * the top of first pages), then re-reads the lists that are on screen. */
function applyStreamed(queryClient: QueryClient, item: NotificationStreamEvent) {
  const { unread, ...notification } = item;
  for (const [key, data] of queryClient.getQueriesData<NotificationsResponse>({ queryKey: notificationKeys.lists })) {
    if (!data) continue;
    const limit = (key[2] as { limit?: number } | undefined)?.limit ?? data.notifications.length;
    const known = data.notifications.some((n) => n._id === notification._id);
    queryClient.setQueryData<NotificationsResponse>(key, {
      ...data,
      unread,
      total: known ? data.total : data.total + 1,
      notifications: data.page === 1 && !known ? [notification, ...data.notifications].slice(0, limit) : data.notifications,
    });
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
  // A reply on a support ticket: the open thread and the ticket lists (features/support, key family `support`)
  // are read again, so the answer shows without a reload.
  if (notification.kind.startsWith('support_')) void queryClient.invalidateQueries({ queryKey: ['support'] });
}

async function parse(data: unknown): Promise<NotificationStreamEvent | null> {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = (await loadSchema()).safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Keeps the notification lists live; `onArrival` hears each new notification (after the cache has it). */
export function useNotificationStream(onArrival: (item: NotificationStreamEvent) => void) {
  const queryClient = useQueryClient();
  const arrived = useEffectEvent(onArrival);

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: number | undefined;
    let retryMs = FIRST_RETRY_MS;
    let connectedBefore = false;
    let arrivals: Promise<void> = Promise.resolve();
    let ended = false;

    const connect = () => {
      const stream = new EventSource(STREAM_URL, { withCredentials: true });
      source = stream;
      stream.addEventListener('open', () => {
        retryMs = FIRST_RETRY_MS;
        // A reconnection: whatever came while we were away is in the server's lists.
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
        connectedBefore = true;
      });
      stream.addEventListener(NOTIFICATION_SSE_EVENT, (event) => {
        const data = (event as MessageEvent).data;
        // In arrival order, even while the schema is still loading; nothing after the hook has ended.
        arrivals = arrivals.then(async () => {
          const item = await parse(data).catch(() => null);
          if (!item || ended) return;
          applyStreamed(queryClient, item);
          arrived(item);
        });
      });
      stream.addEventListener('error', () => {
        if (stream.readyState !== EventSource.CLOSED) return; // the browser is reconnecting itself
        stream.close();
        // Refused (an ended session answers 401): re-reading the list lets the session check see it.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
        retryTimer = window.setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      });
    };

    connect();
    return () => {
      ended = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);
}
