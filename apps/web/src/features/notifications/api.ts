// Notification centre calls (docs/product.md#notifications): the list and read marks, the live stream, the e-mail preferences and
// the admin's announcements. Every list read shares the `notifications` key family, so one invalidation
// (after a mark, or when the stream says something arrived) re-reads the bell, the panel and the page.
import type {
  AnnouncementBody,
  AnnouncementRecord,
  MarkReadBody,
  NotificationPreferences,
  NotificationsResponse,
} from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';

export const PANEL_LIMIT = 8;
export const PAGE_LIMIT = 20;
export const ANNOUNCEMENTS_LIMIT = 10;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (page: number, limit: number) => ['notifications', 'list', { page, limit }] as const,
  preferences: ['notifications', 'preferences'] as const,
  announcements: (page: number) => ['admin', 'announcements', page] as const,
  announcementsAll: ['admin', 'announcements'] as const,
};

export async function fetchNotifications(page: number, limit: number): Promise<NotificationsResponse> {
  return (await api.get<NotificationsResponse>('/notifications', { params: { page, limit } })).data;
}

export async function markRead(target: MarkReadBody): Promise<ApiEnvelope & { unread: number }> {
  return (await api.post<ApiEnvelope & { unread: number }>('/notifications/read', target)).data;
}

/** The live stream: an EventSource URL (outside the fetch client, so with the base path written out). */
export const STREAM_URL = '/api/v1/notifications/stream';

export async function fetchPreferences(): Promise<NotificationPreferences> {
  return (await api.get<ApiEnvelope & { preferences: NotificationPreferences }>('/notifications/preferences')).data.preferences;
}

export async function savePreferences(preferences: Partial<NotificationPreferences>): Promise<ApiEnvelope & { preferences: NotificationPreferences }> {
  return (await api.put<ApiEnvelope & { preferences: NotificationPreferences }>('/notifications/preferences', { preferences })).data;
}

export async function fetchAnnouncements(page: number): Promise<ApiEnvelope & { announcements: AnnouncementRecord[]; page: number; total: number }> {
  return (
    await api.get<ApiEnvelope & { announcements: AnnouncementRecord[]; page: number; total: number }>('/admin/announcements', {
      params: { page, limit: ANNOUNCEMENTS_LIMIT },
    })
  ).data;
}

export async function sendAnnouncement(body: AnnouncementBody): Promise<ApiEnvelope & { announcement: AnnouncementRecord }> {
  return (await api.post<ApiEnvelope & { announcement: AnnouncementRecord }>('/admin/announcements', body)).data;
}
