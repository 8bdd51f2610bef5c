// Account security calls (docs/product.md#security-rules): authenticator app, passkeys, sessions and the sign-in history.
// @simplewebauthn/browser is loaded only when a passkey is used, so no other page carries it.
import type { LoginHistoryEntry, PasskeyRecord, SessionRecord } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';

export const securityKeys = {
  sessions: ['security', 'sessions'] as const,
  history: ['security', 'history'] as const,
  passkeys: ['security', 'passkeys'] as const,
};

export async function fetchSessions(): Promise<SessionRecord[]> {
  return (await api.get<ApiEnvelope & { sessions: SessionRecord[] }>('/user/sessions')).data.sessions;
}
export async function fetchLoginHistory(): Promise<LoginHistoryEntry[]> {
  return (await api.get<ApiEnvelope & { entries: LoginHistoryEntry[] }>('/user/login-history')).data.entries;
}
export async function fetchPasskeys(): Promise<PasskeyRecord[]> {
  return (await api.get<ApiEnvelope & { passkeys: PasskeyRecord[] }>('/user/passkeys')).data.passkeys;
}

export const endSession = async (id: string) => (await api.delete<ApiEnvelope>(`/user/sessions/${encodeURIComponent(id)}`)).data;
export const endOtherSessions = async () => (await api.delete<ApiEnvelope>('/user/sessions')).data;

export const startTwoFactorSetup = async () => (await api.post<ApiEnvelope & { secret: string; otpauthUrl: string }>('/user/2fa/setup')).data;
export const enableTwoFactor = async (code: string) => (await api.post<ApiEnvelope & { recoveryCodes: string[] }>('/user/2fa/enable', { code })).data;
/** With the password, turning it off is its own re-authentication (sudo mode). */
export const disableTwoFactor = async (body: { code?: string; recoveryCode?: string; password: string }) => (await api.post<ApiEnvelope>('/user/2fa/disable', body)).data;
/** Sudo mode: the password, and a code or a recovery code when two-factor sign-in is on. */
export const reauthenticate = async (body: { password: string; code?: string; recoveryCode?: string }) => (await api.post<ApiEnvelope>('/user/reauth', body)).data;

export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { data } = await api.post<ApiEnvelope & { options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>('/user/passkeys/options');
  const response = await startRegistration({ optionsJSON: data.options });
  return (await api.post<ApiEnvelope & { passkey: PasskeyRecord }>('/user/passkeys', { name, response })).data;
}
export const renamePasskey = async (id: string, name: string) => (await api.put<ApiEnvelope>(`/user/passkeys/${encodeURIComponent(id)}`, { name })).data;
export const removePasskey = async (id: string) => (await api.delete<ApiEnvelope>(`/user/passkeys/${encodeURIComponent(id)}`)).data;
