import { MSG } from '@app/contract';
import { api, errorMessage, type ApiEnvelope } from './api';
import { endSession } from './session-cache';
import { toast } from './toast';
import { t } from './i18n';

/** GET /user/logout, then forget the user locally whatever the answer (use-logout.ts navigates). */
export async function logout(): Promise<void> {
  const id = toast.loading(t(MSG.loading.logout));
  try {
    const { data } = await api.get<ApiEnvelope>('/user/logout');
    toast.success(data.message || t('Logged out'), { id });
  } catch (err) {
    toast.error(errorMessage(err, t('Logged out on this device')), { id });
  } finally {
    endSession();
  }
}
