// Account calls of docs/product.md#api. Each shows the product's loading toast, then the server's message.
import { MSG } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import type { User } from '../../lib/auth-storage';
import { withToast } from '../../lib/toast';
import { t } from '../../lib/i18n';

/** Hears a refusal (the form marks the field it is about). */
type OnRefused = (err: unknown) => void;

type UserResponse = ApiEnvelope & { user: User };
/** With two-factor sign-in on, the right password answers this instead of a user. */
type LoginResponse = ApiEnvelope & ({ user: User; twoFactorRequired?: undefined } | { user?: undefined; twoFactorRequired: true });

export function registerUser(body: { fullName: string; email: string; password: string; phone: string; refer?: string }, onRefused?: OnRefused) {
  return withToast(() => api.post<UserResponse>('/user/register', body), {
    loading: t(MSG.loading.register),
    success: t('Account created'),
    error: t('Could not create your account'),
  }, onRefused);
}

export function loginUser(body: { email: string; password: string }, onRefused?: OnRefused) {
  return withToast(() => api.post<LoginResponse>('/user/login', body), {
    loading: t(MSG.loading.login),
    success: t('Logged in'),
    error: t('Could not log you in'),
  }, onRefused);
}

export function requestPasswordReset(body: { email: string }, onRefused?: OnRefused) {
  return withToast(() => api.post<ApiEnvelope>('/user/reset', body), {
    loading: t(MSG.loading.forgot),
    success: t('If an account exists for this e-mail, a reset link is on its way.'),
    error: t('Could not send the reset e-mail'),
  }, onRefused);
}

export function resetPassword(resetToken: string, body: { password: string }, onRefused?: OnRefused) {
  return withToast(() => api.post<ApiEnvelope>(`/user/reset/${encodeURIComponent(resetToken)}`, body), {
    loading: t(MSG.loading.reset),
    success: t('Password reset. Please log in.'),
    error: t('Could not reset your password'),
  }, onRefused);
}

export function changePassword(body: { oldPassword: string; newPassword: string; code?: string }, onRefused?: OnRefused) {
  return withToast(() => api.post<ApiEnvelope>('/user/change-password', body), {
    loading: t(MSG.loading.changePassword),
    success: t('Password changed'),
    error: t('Could not change your password'),
  }, onRefused);
}

/** Signs in with a passkey: the second step of a sign-in in progress, or without a password. */
export function signInWithPasskey() {
  return withToast(
    async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { data } = await api.post<ApiEnvelope & { options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('/user/login/passkey/options');
      const response = await startAuthentication({ optionsJSON: data.options });
      return api.post<UserResponse>('/user/login/passkey', { response });
    },
    { loading: t(MSG.loading.login), success: t('Logged in'), error: t('The passkey did not sign you in') },
  );
}

/** The second step after the password: a code from the app, or a recovery code. */
export function finishSecondStep(body: { code?: string; recoveryCode?: string }, onRefused?: OnRefused) {
  return withToast(() => api.post<UserResponse>('/user/login/2fa', body), {
    loading: t(MSG.loading.login),
    success: t('Logged in'),
    error: t('Could not log you in'),
  }, onRefused);
}
