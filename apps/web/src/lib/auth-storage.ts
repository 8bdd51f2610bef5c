// The spec keeps isLoggedIn, role and data (the user JSON) in local storage. They are a hint for the
// first paint only: the server is the authority and /user/me overwrites or clears them.
import { useSyncExternalStore } from 'react';

export type Role = 'USER' | 'ADMIN' | 'SADMIN';

export interface User {
  _id: string;
  fullName: string;
  email: string;
  phone: string;
  role: Role;
  point: number;
  subscription: boolean;
  subscribedAt: string | null;
  referralCode: string;
  referredBy: string | null;
  referralsCount: number;
  createdAt: string;
  /** Two-factor sign-in is on (older stored copies lack it until /user/me answers). */
  twoFactor?: boolean;
  /** The language saved on the account; the client switches to it when /user/me answers. */
  language?: 'en' | 'ar';
}

export interface StoredAuth {
  isLoggedIn: boolean;
  role: Role | null;
  data: User | null;
}

const KEYS = { isLoggedIn: 'isLoggedIn', role: 'role', data: 'data' } as const;
const EMPTY: StoredAuth = { isLoggedIn: false, role: null, data: null };
const listeners = new Set<() => void>();

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

type Stored = [isLoggedIn: string | null, role: string | null, data: string | null];

const stored = (): Stored => [safeGet(KEYS.isLoggedIn), safeGet(KEYS.role), safeGet(KEYS.data)];

function parse([isLoggedIn, role, raw]: Stored): StoredAuth {
  if (isLoggedIn !== 'true') return EMPTY;
  let data: User | null;
  try {
    data = raw ? (JSON.parse(raw) as User) : null;
  } catch {
    data = null;
  }
  const validRole = role === 'USER' || role === 'ADMIN' || role === 'SADMIN' ? role : (data?.role ?? null);
  return { isLoggedIn: true, role: validRole, data };
}

/** The stored strings the snapshot was read from: the same strings keep the same snapshot. */
const initial = stored();
let snapshotKey = JSON.stringify(initial);
let snapshot: StoredAuth = parse(initial);

/**
 * Tells the listeners, only when what is stored changed: /user/me stores the user on every answer, and an answer
 * equal to the stored copy (the usual one) would otherwise re-render every guard and menu for nothing, in the
 * first load's busiest moment (Lighthouse's total blocking time on the signed-in home).
 */
function emit() {
  const now = stored();
  const key = JSON.stringify(now);
  if (key === snapshotKey) return;
  snapshotKey = key;
  snapshot = parse(now);
  for (const listener of listeners) listener();
}

export function storeAuth(user: User): void {
  try {
    localStorage.setItem(KEYS.isLoggedIn, 'true');
    localStorage.setItem(KEYS.role, user.role);
    localStorage.setItem(KEYS.data, JSON.stringify(user));
  } catch {
    /* storage full or blocked: the session cookie still works */
  }
  emit();
}

export function clearAuth(): void {
  try {
    localStorage.removeItem(KEYS.isLoggedIn);
    localStorage.removeItem(KEYS.role);
    localStorage.removeItem(KEYS.data);
  } catch {
    /* nothing to clear */
  }
  emit();
}

export function getStoredAuth(): StoredAuth {
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(KEYS).includes(event.key as never)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredAuth(): StoredAuth {
  return useSyncExternalStore(subscribe, getStoredAuth, getStoredAuth);
}
