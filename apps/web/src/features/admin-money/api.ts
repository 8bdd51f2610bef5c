// Admin money calls of docs/product.md#api: deposit and withdrawal lists (paged, filtered), status changes, deletion,
// and points added or removed. Every state change carries an Idempotency-Key.
import type { AdminDepositRecord, AdminWithdrawalRecord, DeskWithdrawal } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import { idempotencyHeader } from '../../lib/idempotency-key';

export const ADMIN_LIST_LIMIT = 20;

export interface ListParams {
  page: number;
  /** '' or 'all': every status. */
  status: string;
  email: string;
  order: 'newest' | 'oldest';
}

export interface ListPage<T> {
  records: T[];
  page: number;
  limit: number;
  total: number;
}

function query({ page, status, email, order }: ListParams): Record<string, string | number> {
  const params: Record<string, string | number> = { page, limit: ADMIN_LIST_LIMIT, order };
  if (status) params.status = status;
  if (email.trim()) params.email = email.trim();
  return params;
}

type Paged = { page: number; limit: number; total: number };

export async function fetchDeposits(params: ListParams): Promise<ListPage<AdminDepositRecord>> {
  const { data } = await api.get<ApiEnvelope & Paged & { deposits: AdminDepositRecord[] }>('/deposit/deposit', { params: query(params) });
  return { records: data.deposits ?? [], page: data.page, limit: data.limit, total: data.total };
}

export async function fetchWithdrawals(params: ListParams): Promise<ListPage<AdminWithdrawalRecord>> {
  const { data } = await api.get<ApiEnvelope & Paged & { withdrawals: AdminWithdrawalRecord[] }>('/withdraw', { params: query(params) });
  return { records: data.withdrawals ?? [], page: data.page, limit: data.limit, total: data.total };
}

// The target state is sent explicitly (the server also accepts no body, which toggles): a retried or
// doubled click can then never flip the record back.
export async function setDepositStatus(id: string, deposited: boolean, key: string) {
  const url = `/deposit/deposit/${encodeURIComponent(id)}`;
  return (await api.post<ApiEnvelope & { deposited: boolean }>(url, { deposited }, { headers: idempotencyHeader(key) })).data;
}

export async function deleteDeposit(id: string, key: string): Promise<ApiEnvelope> {
  return (await api.delete<ApiEnvelope>(`/deposit/deposit/${encodeURIComponent(id)}`, { headers: idempotencyHeader(key) })).data;
}

export async function setWithdrawalStatus(id: string, withdrawed: boolean, key: string) {
  const url = `/withdraw/${encodeURIComponent(id)}`;
  return (await api.post<ApiEnvelope & { withdrawed: boolean }>(url, { withdrawed }, { headers: idempotencyHeader(key) })).data;
}

export async function deleteWithdrawal(id: string, key: string): Promise<ApiEnvelope> {
  return (await api.delete<ApiEnvelope>(`/withdraw/${encodeURIComponent(id)}`, { headers: idempotencyHeader(key) })).data;
}

export type PointsAction = 'add' | 'remove';

export async function adjustPoints(action: PointsAction, body: { email: string; points: number }, key: string): Promise<ApiEnvelope> {
  const url = action === 'add' ? '/adpoint/addpoint' : '/adpoint/removepoint';
  return (await api.post<ApiEnvelope>(url, body, { headers: idempotencyHeader(key) })).data;
}

/** The pending withdrawals, oldest first, with their rule state (held, awaiting a second admin, approved by). */
export async function fetchWithdrawalDesk(): Promise<DeskWithdrawal[]> {
  return (await api.get<ApiEnvelope & { withdrawals: DeskWithdrawal[] }>('/withdraw/desk')).data.withdrawals;
}

export const APPROVED_WITHDRAWALS_CSV_URL = '/api/v1/withdraw/approved.csv';

export async function approveWithdrawal(id: string, key: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>(`/withdraw/${encodeURIComponent(id)}/approve`, {}, { headers: idempotencyHeader(key) })).data;
}

/** Marks it paid with its payout transaction, which the server checks on the chain. */
export async function payWithdrawalOnChain(id: string, transactionId: string, key: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>(`/withdraw/${encodeURIComponent(id)}/payout`, { transactionId }, { headers: idempotencyHeader(key) })).data;
}
