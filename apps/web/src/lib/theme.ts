// Theme lives in localStorage `theme` ('dark' | 'light', default light) and as the `dark` class on <html>;
// public/theme-init.js applies it before first paint.
import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';
const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem('theme', theme);
  } catch {
    /* not persisted, still applied */
  }
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(current() === 'dark' ? 'light' : 'dark');
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'light',
  );
}
