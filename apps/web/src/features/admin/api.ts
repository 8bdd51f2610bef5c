// Admin desk calls: the users table (docs/product.md#api GET /user/all, PUT /user/{id}/update-role,
// DELETE /user/{id}/delete-user, GET /admin/stats/users), the dashboard and the audit log (docs/product.md#api-conventions).
import type { AdminUserOverview, AllCodesResponse, SubscriptionCodeRecord, AuditResponse, ClosedAccountsResponse, DashboardResponse, GoLiveResponse, SettingsResponse, SettingsUpdateBody, UserListResponse, UserStatsResponse } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import { msg, t } from '../../lib/i18n';

export const USERS_PAGE_LIMIT = 20;
export const AUDIT_PAGE_LIMIT = 25;

/** Query keys: every admin change invalidates the whole `admin` family, so all figures re-read. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (params: { page: number; q: string }) => ['admin', 'users', params] as const,
  closed: (page: number) => ['admin', 'closed-accounts', page] as const,
  stats: ['admin', 'user-stats'] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  dashboard: ['admin', 'dashboard'] as const,
  audit: (params: AuditFilters & { page: number }) => ['admin', 'audit', params] as const,
  subscriptionCodes: ['admin', 'subscription-codes'] as const,
};

export async function fetchUsers({ page, q }: { page: number; q: string }): Promise<UserListResponse> {
  const params: Record<string, string | number> = { page, limit: USERS_PAGE_LIMIT };
  if (q.trim()) params.q = q.trim();
  const { data } = await api.get<UserListResponse>('/user/all', { params });
  return data;
}

export const CLOSED_PAGE_LIMIT = 10;

export async function fetchClosedAccounts(page: number): Promise<ClosedAccountsResponse> {
  return (await api.get<ClosedAccountsResponse>('/admin/closed-accounts', { params: { page, limit: CLOSED_PAGE_LIMIT } })).data;
}

export async function fetchUserStats(): Promise<UserStatsResponse> {
  return (await api.get<UserStatsResponse>('/admin/stats/users')).data;
}

export type AssignableRole = 'USER' | 'ADMIN';

export async function updateRole(id: string, role: AssignableRole) {
  return (await api.put<ApiEnvelope & { role: AssignableRole }>(`/user/${encodeURIComponent(id)}/update-role`, { role })).data;
}

export async function deleteUser(id: string): Promise<ApiEnvelope> {
  return (await api.delete<ApiEnvelope>(`/user/${encodeURIComponent(id)}/delete-user`)).data;
}

export async function fetchGoLive(): Promise<GoLiveResponse['items']> {
  return (await api.get<GoLiveResponse>('/admin/go-live')).data.items;
}

export async function fetchDashboard(): Promise<DashboardResponse> {
  return (await api.get<DashboardResponse>('/admin/dashboard')).data;
}

export interface AuditFilters {
  actor: string;
  action: string;
  /** YYYY-MM-DD, inclusive UTC days. */
  from: string;
  to: string;
}

export async function fetchAudit({ page, ...filters }: AuditFilters & { page: number }): Promise<AuditResponse> {
  const params: Record<string, string | number> = { page, limit: AUDIT_PAGE_LIMIT };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params[key] = value.trim();
  return (await api.get<AuditResponse>('/admin/audit', { params })).data;
}

/** The actions the server records (apps/server/src/modules/audit/audit.service.ts), with readable labels (render with t()). */
export const AUDIT_ACTIONS = [
  { value: 'user.role_changed', label: msg('Role changed') },
  { value: 'user.deleted', label: msg('User deleted') },
  { value: 'deposit.approved', label: msg('Deposit approved') },
  { value: 'deposit.reverted', label: msg('Deposit reverted') },
  { value: 'deposit.deleted', label: msg('Deposit deleted') },
  { value: 'withdrawal.processed', label: msg('Withdrawal processed') },
  { value: 'withdrawal.unprocessed', label: msg('Withdrawal unprocessed') },
  { value: 'withdrawal.approved', label: msg('Withdrawal approved') },
  { value: 'withdrawal.deleted', label: msg('Withdrawal deleted') },
  { value: 'points.added', label: msg('Points added') },
  { value: 'points.removed', label: msg('Points removed') },
  { value: 'video.created', label: msg('Video created') },
  { value: 'video.updated', label: msg('Video updated') },
  { value: 'video.deleted', label: msg('Video deleted') },
  { value: 'settings.changed', label: msg('Settings changed') },
  { value: 'subscription_code.created', label: msg('Subscription code created') },
  { value: 'announcement.sent', label: msg('Announcement sent') },
] as const;

export function auditActionLabel(action: string): string {
  const label = AUDIT_ACTIONS.find((a) => a.value === action)?.label;
  return label ? t(label) : action;
}

/** The platform settings: every admin reads them; only the super admin's page changes them. */
export const settingsKey = ['admin', 'settings'] as const;

export async function fetchSettings(): Promise<SettingsResponse> {
  return (await api.get<SettingsResponse>('/settings')).data;
}

export async function saveSettings(body: SettingsUpdateBody): Promise<SettingsResponse> {
  return (await api.put<SettingsResponse>('/settings', body)).data;
}

/** Subscription codes: every code, newest first, and a new one (the server audits it). */
export async function fetchSubscriptionCodes(): Promise<AllCodesResponse> {
  return (await api.get<AllCodesResponse>('/subscription/all-codes')).data;
}

export async function generateSubscriptionCode(): Promise<SubscriptionCodeRecord> {
  return (await api.post<ApiEnvelope & { code: SubscriptionCodeRecord }>('/subscription/add-code')).data.code;
}

/** One user for the admins' page about them (GET /admin/users/{id}). */
export async function fetchUserOverview(id: string): Promise<AdminUserOverview> {
  return (await api.get<AdminUserOverview>(`/admin/users/${encodeURIComponent(id)}`)).data;
}
