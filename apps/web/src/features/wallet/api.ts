// The wallet calls of docs/product.md#api plus the statement. Money POSTs carry the submission's Idempotency-Key.
import type { QueryClient } from '@tanstack/react-query';
import type { DepositRecord, RecentRecipient, Recipient, WithdrawRules } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import { walletKeys } from '../../lib/account-api';
import { idempotencyHeader } from '../../lib/idempotency-key';

// The reads are shared with the profile and the dashboard (lib/account-api.ts).
export {
  walletKeys,
  fetchPoint,
  fetchStatementPage,
} from '../../lib/account-api';

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

export interface TransferRequest {
  recipientEmail: string;
  points: number;
  /** With two-factor sign-in on: the current code (not part of what the Idempotency-Key names). */
  code?: string;
}

export async function transferPoints(body: TransferRequest, key: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/point/transfer', body, { headers: idempotencyHeader(key) })).data;
}

/** Whose account an exact e-mail is (docs/security.md#recipient-lookup): their name, or a refusal (404, 429). */
export async function lookupRecipient(email: string): Promise<Recipient> {
  return (await api.post<ApiEnvelope & { recipient: Recipient }>('/user/lookup-recipient', { email })).data.recipient;
}

export async function fetchRecentRecipients(): Promise<RecentRecipient[]> {
  return (await api.get<ApiEnvelope & { recipients: RecentRecipient[] }>('/user/recent-recipients')).data.recipients;
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

/** The withdrawal rules in force (minimum, maximum, fee…): the form shows the fee and the net before confirming. */
export async function fetchWithdrawRules(): Promise<WithdrawRules> {
  return (await api.get<ApiEnvelope & { rules: WithdrawRules }>('/withdraw/rules')).data.rules;
}

export async function submitWithdrawal(body: WithdrawRequest, key: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/withdraw', body, { headers: idempotencyHeader(key) })).data;
}

export const STATEMENT_CSV_URL = '/api/v1/user/statement.csv';
