// Public settings served by GET /config; the defaults show while it loads or if it fails.
// The footer asks for them on every page, so this one public, read-only GET uses fetch and a tiny
// store of its own: the first paint of `/` loads neither the API client nor TanStack Query (no
// cookie, XSRF header or timeout is involved). Fetched once per page load, as a query with
// staleTime Infinity would be: two retries (1 s, 2 s apart), and again on a new mount after a failure.
import { useSyncExternalStore } from 'react';
import type { ApiEnvelope } from './api-error';

type ConfigAnswer = ApiEnvelope & Partial<AppConfig>;

export interface AppConfig {
  supportEmail: string;
  supportPhone: string;
  /** SUPPORT_ADDRESS: the contact page's postal address, one line. */
  supportAddress: string;
  depositAddress: string | null;
  /** Deposits confirmed on the Tron chain (TRON_API_URL set): payment requests with an exact amount. */
  chainDeposits: boolean;
  /** Every user their own deposit address (TRON_XPUB and TRON_API_URL set): any amount from the minimum up. */
  ownDepositAddresses: boolean;
  subscriptionPrice: number;
  subscriptionMinBalance: number;
  /** MIN_DEPOSIT: the smallest deposit accepted. */
  minDeposit: number;
  appUrl: string;
  /** ADMIN_2FA: admins without two-factor sign-in are sent to set it up when "required". */
  admin2fa: 'required' | 'optional';
}

export const DEFAULT_CONFIG: AppConfig = {
  // The server's defaults (DEFAULT_SUPPORT_* in @app/contract, not imported: this module is in the first bundle).
  supportEmail: 'support@example.com',
  supportPhone: '+971 4 000 0000',
  supportAddress: 'Office 000, Example Tower, Dubai, United Arab Emirates',
  depositAddress: null,
  chainDeposits: false,
  ownDepositAddresses: false,
  subscriptionPrice: 0,
  subscriptionMinBalance: 12,
  minDeposit: 0.01,
  admin2fa: 'optional',
  appUrl: typeof window === 'undefined' ? '' : window.location.origin,
};

type ConfigState = { status: 'pending' | 'error'; data?: undefined } | { status: 'success'; data: ConfigAnswer };

const RETRIES = 2;
let state: ConfigState = { status: 'pending' };
let inFlight = false;
const listeners = new Set<() => void>();

async function fetchConfig(): Promise<ConfigAnswer> {
  const res = await fetch('/api/v1/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /config answered ${res.status}`);
  return (await res.json()) as ConfigAnswer;
}

function setState(next: ConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

async function load(): Promise<void> {
  if (inFlight || state.status === 'success') return;
  inFlight = true;
  if (state.status === 'error') setState({ status: 'pending' });
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await fetchConfig();
      inFlight = false;
      return setState({ status: 'success', data });
    } catch {
      if (attempt >= RETRIES) break;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
  inFlight = false;
  setState({ status: 'error' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
}

/** Reads GET /config again (after the super admin saved the settings), keeping what is shown if that fails. */
export async function reloadAppConfig(): Promise<void> {
  try {
    setState({ status: 'success', data: await fetchConfig() });
  } catch {
    /* the next page load reads it again */
  }
}

/** A `tel:` link for a phone as shown ("+971 4 000 0000", "+1 (555) 010-0200"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Whether GET /config has answered yet ('pending' while it loads or retries). */
export function useAppConfigStatus(): ConfigState['status'] {
  return useSyncExternalStore(subscribe, () => state).status;
}

export function useAppConfig(): AppConfig {
  const { data } = useSyncExternalStore(subscribe, () => state);
  if (!data) return DEFAULT_CONFIG;
  return {
    supportEmail: data.supportEmail || DEFAULT_CONFIG.supportEmail,
    supportPhone: data.supportPhone || DEFAULT_CONFIG.supportPhone,
    supportAddress: data.supportAddress || DEFAULT_CONFIG.supportAddress,
    depositAddress: data.depositAddress || null,
    chainDeposits: data.chainDeposits === true,
    ownDepositAddresses: data.ownDepositAddresses === true,
    subscriptionPrice: Number(data.subscriptionPrice ?? 0) || 0,
    subscriptionMinBalance: Number(data.subscriptionMinBalance ?? DEFAULT_CONFIG.subscriptionMinBalance),
    minDeposit: Number(data.minDeposit ?? DEFAULT_CONFIG.minDeposit) || DEFAULT_CONFIG.minDeposit,
    appUrl: (data.appUrl || DEFAULT_CONFIG.appUrl).replace(/\/+$/, ''),
    admin2fa: data.admin2fa === 'required' ? 'required' : 'optional',
  };
}
