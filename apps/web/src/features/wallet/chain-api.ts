// Deposits confirmed on the chain (decision 013): payment requests, read until they are credited or expire.
import type { DepositRequestRecord, OwnDepositAddress } from '@app/contract';
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

// Per-user deposit addresses: the caller's own address, the minimum and the last transfers seen to it.
export const ownAddressKey = ['own-deposit-address'] as const;

export async function fetchOwnAddress(): Promise<OwnDepositAddress> {
  const { data } = await api.get<ApiEnvelope & { deposit: OwnDepositAddress }>('/deposit/address');
  return data.deposit;
}
