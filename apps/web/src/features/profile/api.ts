import { api, type ApiEnvelope } from '../../lib/api';

/** Empty body; the Idempotency-Key makes a retried click charge once. */
export async function activateSubscription(idempotencyKey?: string): Promise<ApiEnvelope> {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return (await api.post<ApiEnvelope>('/subscription/activate-with-points', undefined, { headers })).data;
}

export function updateProfile(id: string, body: { fullName: string; phone: string }) {
  return api.post<ApiEnvelope>(`/user/update/${encodeURIComponent(id)}`, { ...body, id });
}

/** POST /subscription/apply-code { code }: subscribes for free with a code an admin generated. */
export async function applySubscriptionCode(code: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/subscription/apply-code', { code })).data;
}
