// Account calls of spec §7. Each shows the spec's loading toast, then the server's message.
import { MSG } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import type { User } from '../../lib/auth-storage';
import { withToast } from '../../lib/toast';

type UserResponse = ApiEnvelope & { user: User };

export function registerUser(body: { fullName: string; email: string; password: string; phone: string; refer?: string }) {
  return withToast(() => api.post<UserResponse>('/user/register', body), {
    loading: MSG.loading.register,
    success: 'Account created',
    error: 'Could not create your account',
  });
}

export function loginUser(body: { email: string; password: string }) {
  return withToast(() => api.post<UserResponse>('/user/login', body), {
    loading: MSG.loading.login,
    success: 'Logged in',
    error: 'Could not log you in',
  });
}

export function requestPasswordReset(body: { email: string }) {
  return withToast(() => api.post<ApiEnvelope>('/user/reset', body), {
    loading: MSG.loading.forgot,
    success: 'If an account exists for this e-mail, a reset link is on its way.',
    error: 'Could not send the reset e-mail',
  });
}

export function resetPassword(resetToken: string, body: { password: string }) {
  return withToast(() => api.post<ApiEnvelope>(`/user/reset/${encodeURIComponent(resetToken)}`, body), {
    loading: MSG.loading.reset,
    success: 'Password reset. Please log in.',
    error: 'Could not reset your password',
  });
}

export function changePassword(body: { oldPassword: string; newPassword: string }) {
  return withToast(() => api.post<ApiEnvelope>('/user/change-password', body), {
    loading: MSG.loading.changePassword,
    success: 'Password changed',
    error: 'Could not change your password',
  });
}
