// The caller's own money, read: balance, statement, deposits and withdrawals. The wallet pages, the profile and
// the dashboard show the same numbers, so they share these calls and their query keys (invalidated together
// after every money call: wallet/api.ts invalidateMoney).
import { useQuery } from '@tanstack/react-query';
import type { DepositRecord, StatementEntry, WithdrawalRecord } from '@app/contract';
import { api, type ApiEnvelope } from './api';

export const walletKeys = {
  point: ['point'] as const,
  statement: ['statement'] as const,
  myDeposits: ['my-deposits'] as const,
  myWithdrawals: ['my-withdrawals'] as const,
};

export async function fetchPoint(): Promise<number> {
  const { data } = await api.get<ApiEnvelope & { point: number }>('/user/point');
  if (typeof data.point !== 'number') throw new Error(data.message || 'No point in answer');
  return data.point;
}

export async function fetchMyDeposits(): Promise<DepositRecord[]> {
  const { data } = await api.get<ApiEnvelope & { deposits: DepositRecord[] }>('/deposit/my-deposits');
  return data.deposits ?? [];
}

export async function fetchMyWithdrawals(): Promise<WithdrawalRecord[]> {
  const { data } = await api.get<ApiEnvelope & { withdrawals: WithdrawalRecord[] }>('/withdraw/my-withdrawals');
  return data.withdrawals ?? [];
}

export function useMyDeposits() {
  return useQuery({ queryKey: walletKeys.myDeposits, queryFn: fetchMyDeposits, refetchOnMount: 'always' });
}

export function useMyWithdrawals() {
  return useQuery({ queryKey: walletKeys.myWithdrawals, queryFn: fetchMyWithdrawals, refetchOnMount: 'always' });
}

export interface StatementPage {
  balance: number;
  entries: StatementEntry[];
  nextCursor: string | null;
}

export const STATEMENT_PAGE_SIZE = 20;

/** One page of GET /user/statement, newest first. */
export async function fetchStatementPage(cursor: string | undefined, limit = STATEMENT_PAGE_SIZE): Promise<StatementPage> {
  const params: Record<string, string | number> = { limit };
  if (cursor) params.cursor = cursor;
  const { data } = await api.get<ApiEnvelope & StatementPage>('/user/statement', { params });
  return { balance: data.balance, entries: data.entries ?? [], nextCursor: data.nextCursor ?? null };
}
