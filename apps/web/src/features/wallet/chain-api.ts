// Deposits confirmed on the chain (decision 013): payment requests, read until they are credited or expire.
import type { DepositRequestRecord } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';

export const paymentRequestKey = (id: string) => ['payment-request', id] as const;

export async function createPaymentRequest(amount: number): Promise<DepositRequestRecord> {
  const { data } = await api.post<ApiEnvelope & { request: DepositRequestRecord }>('/deposit/request', { amount });
  return data.request;
}

export async function fetchPaymentRequest(id: string): Promise<DepositRequestRecord> {
  const { data } = await api.get<ApiEnvelope & { request: DepositRequestRecord }>(`/deposit/request/${encodeURIComponent(id)}`);
  return data.request;
}
