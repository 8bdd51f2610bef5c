// The wallet calls of spec §7 plus the statement. Money POSTs carry the submission's Idempotency-Key.
import type { QueryClient } from '@tanstack/react-query';
import type { DepositRecord, StatementEntry, WithdrawalRecord } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import { idempotencyHeader } from '../../lib/idempotency-key';

export const walletKeys = {
  point: ['point'] as const,
  statement: ['statement'] as const,
  myDeposits: ['my-deposits'] as const,
  myWithdrawals: ['my-withdrawals'] as const,
};

/** After any money call: re-read everything that shows a balance or a record (never guess on the client). */
export function invalidateMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKeys.point }),
    queryClient.invalidateQueries({ queryKey: walletKeys.statement }),
    queryClient.invalidateQueries({ queryKey: walletKeys.myDeposits }),
    queryClient.invalidateQueries({ queryKey: walletKeys.myWithdrawals }),
    queryClient.invalidateQueries({ queryKey: ['me'] }),
  ]);
}

export async function fetchPoint(): Promise<number> {
  const { data } = await api.get<ApiEnvelope & { point: number }>('/user/point');
  if (typeof data.point !== 'number') throw new Error(data.message || 'No point in answer');
  return data.point;
}

export interface TransferRequest {
  recipientEmail: string;
  points: number;
  /** With two-factor sign-in on: the current code (not part of what the Idempotency-Key names). */
  code?: string;
}

export async function transferPoints(body: TransferRequest, key: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/point/transfer', body, { headers: idempotencyHeader(key) })).data;
}

export interface DepositRequest {
  amount: number;
  transactionId: string;
}

export async function submitDeposit(body: DepositRequest, key: string) {
  return (await api.post<ApiEnvelope & { deposit?: DepositRecord }>('/deposit/deposit', body, { headers: idempotencyHeader(key) }))
    .data;
}

export interface WithdrawRequest {
  amount: number;
  paymentId: string;
  /** With two-factor sign-in on: the current code (not part of what the Idempotency-Key names). */
  code?: string;
}

export async function submitWithdrawal(body: WithdrawRequest, key: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/withdraw', body, { headers: idempotencyHeader(key) })).data;
}

export async function fetchMyDeposits(): Promise<DepositRecord[]> {
  const { data } = await api.get<ApiEnvelope & { deposits: DepositRecord[] }>('/deposit/my-deposits');
  return data.deposits ?? [];
}

export async function fetchMyWithdrawals(): Promise<WithdrawalRecord[]> {
  const { data } = await api.get<ApiEnvelope & { withdrawals: WithdrawalRecord[] }>('/withdraw/my-withdrawals');
  return data.withdrawals ?? [];
}

export interface StatementPage {
  balance: number;
  entries: StatementEntry[];
  nextCursor: string | null;
}

export const STATEMENT_PAGE_SIZE = 20;

export async function fetchStatementPage(cursor: string | undefined): Promise<StatementPage> {
  const params: Record<string, string | number> = { limit: STATEMENT_PAGE_SIZE };
  if (cursor) params.cursor = cursor;
  const { data } = await api.get<ApiEnvelope & StatementPage>('/user/statement', { params });
  return { balance: data.balance, entries: data.entries ?? [], nextCursor: data.nextCursor ?? null };
}

export const STATEMENT_CSV_URL = '/api/v1/user/statement.csv';
