import { MSG } from '@app/contract';
import { api, errorMessage, type ApiEnvelope } from './api';
import { endSession } from './session-cache';
import { toast } from './toast';

/** GET /user/logout, then forget the user locally whatever the answer (use-logout.ts navigates). */
export async function logout(): Promise<void> {
  const id = toast.loading(MSG.loading.logout);
  try {
    const { data } = await api.get<ApiEnvelope>('/user/logout');
    toast.success(data.message || 'Logged out', { id });
  } catch (err) {
    toast.error(errorMessage(err, 'Logged out on this device'), { id });
  } finally {
    endSession();
  }
}
