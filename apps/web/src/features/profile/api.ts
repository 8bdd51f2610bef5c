import { api, type ApiEnvelope } from '../../lib/api';

export async function fetchPoint(): Promise<number> {
  const { data } = await api.get<ApiEnvelope & { point: number }>('/user/point');
  if (!data.success || typeof data.point !== 'number') throw new Error(data.message || 'No point in answer');
  return data.point;
}

export async function activateSubscription(): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/subscription/activate-with-points', {})).data;
}

export function updateProfile(id: string, body: { fullName: string; phone: string }) {
  return api.post<ApiEnvelope>(`/user/update/${encodeURIComponent(id)}`, { ...body, id });
}
