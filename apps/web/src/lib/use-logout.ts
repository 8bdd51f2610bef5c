import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { MSG } from '@app/contract';
import { errorMessage, type ApiEnvelope } from './api-error';
import { endSession } from './session';

/** GET /user/logout, then forget the user locally whatever the answer, and go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const id = toast.loading(MSG.loading.logout);
    try {
      const { api } = await import('./api');
      const { data } = await api.get<ApiEnvelope>('/user/logout');
      toast.success(data.message || 'Logged out', { id });
    } catch (err) {
      toast.error(errorMessage(err, 'Logged out on this device'), { id });
    } finally {
      endSession();
      await navigate('/login');
    }
  };
}
