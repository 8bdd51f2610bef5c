// Public settings served by GET /config; the defaults show while it loads or if it fails.
// The footer asks for them on every page, so this one public, read-only GET uses fetch and the
// first paint of `/` does not have to load axios (no cookie, XSRF header or timeout is involved).
import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from './api-error';

async function fetchConfig(): Promise<ApiEnvelope & Partial<AppConfig>> {
  const res = await fetch('/api/v1/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /config answered ${res.status}`);
  return (await res.json()) as ApiEnvelope & Partial<AppConfig>;
}

export interface AppConfig {
  supportEmail: string;
  supportPhone: string;
  depositAddress: string | null;
  subscriptionPrice: number;
  subscriptionMinBalance: number;
  appUrl: string;
}

export const DEFAULT_CONFIG: AppConfig = {
  supportEmail: 'support@example.com',
  supportPhone: '+971 00 000 0000',
  depositAddress: null,
  subscriptionPrice: 0,
  subscriptionMinBalance: 12,
  appUrl: typeof window === 'undefined' ? '' : window.location.origin,
};

export function useAppConfig(): AppConfig {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: fetchConfig,
    staleTime: Infinity,
  });
  if (!data) return DEFAULT_CONFIG;
  return {
    supportEmail: data.supportEmail || DEFAULT_CONFIG.supportEmail,
    supportPhone: data.supportPhone || DEFAULT_CONFIG.supportPhone,
    depositAddress: data.depositAddress || null,
    subscriptionPrice: Number(data.subscriptionPrice ?? 0) || 0,
    subscriptionMinBalance: Number(data.subscriptionMinBalance ?? DEFAULT_CONFIG.subscriptionMinBalance),
    appUrl: (data.appUrl || DEFAULT_CONFIG.appUrl).replace(/\/+$/, ''),
  };
}
