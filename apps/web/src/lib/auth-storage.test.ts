import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// auth-storage reads local storage when it loads: a Map stands in for the browser's (this project runs in node).
const store = new Map<string, string>();
const localStorageStub = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
};

let auth: typeof import('./auth-storage');

beforeAll(async () => {
  vi.stubGlobal('localStorage', localStorageStub);
  auth = await import('./auth-storage');
});
afterAll(() => vi.unstubAllGlobals());

const user = {
  id: 'u1',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+971500000000',
  role: 'USER',
  subscription: false,
  subscribedAt: null,
} as unknown as Parameters<typeof import('./auth-storage').storeAuth>[0];

describe('the stored login as the shell reads it', () => {
  it('an answer of /user/me equal to the stored copy keeps the same snapshot (no guard or menu re-renders)', () => {
    auth.storeAuth(user);
    const first = auth.getStoredAuth();
    expect(first).toMatchObject({ isLoggedIn: true, role: 'USER', data: { email: 'ada@example.com' } });
    auth.storeAuth({ ...user });
    expect(auth.getStoredAuth()).toBe(first);
  });

  it('a changed user, or a sign-out, gives a new snapshot', () => {
    const before = auth.getStoredAuth();
    auth.storeAuth({ ...user, subscription: true } as typeof user);
    const after = auth.getStoredAuth();
    expect(after).not.toBe(before);
    expect(after.data).toMatchObject({ subscription: true });
    auth.clearAuth();
    expect(auth.getStoredAuth()).toEqual({ isLoggedIn: false, role: null, data: null });
  });
});
