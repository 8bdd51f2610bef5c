import { useNavigate } from 'react-router';

/** GET /user/logout, then forget the user locally whatever the answer, and go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    // Loaded on click: the shell's first load carries neither the client nor the toasts.
    try {
      const { logout } = await import('./logout');
      await logout();
    } finally {
      await navigate('/login');
    }
  };
}
