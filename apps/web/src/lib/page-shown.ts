// "The first page is on screen, and the browser has had an idle moment": the root layout marks the page shown
// when its Suspense boundary has committed it (layouts/root-layout.tsx); work nobody needs for the first paint
// (the notification bell, the toaster) waits for it, so it does not compete with a signed-in page's first
// paint (Lighthouse on /user/dashboard). The idle wait is at most a second.
import { useSyncExternalStore } from 'react';

let shown = false;
let ready = false;
const listeners = new Set<() => void>();

function setReady(): void {
  if (ready) return;
  ready = true;
  for (const listener of [...listeners]) listener();
}

/** The first page has been committed to the screen; later calls do nothing. */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(setReady, { timeout: 1000 });
  else window.setTimeout(setReady, 200);
}

/** Runs `fn` once the page has shown and the browser was idle (at once if that has happened). */
export function afterPageShown(fn: () => void): void {
  if (ready) return fn();
  const listener = () => {
    listeners.delete(listener);
    fn();
  };
  listeners.add(listener);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the page has shown and the browser was idle. */
export function usePageShown(): boolean {
  return useSyncExternalStore(subscribe, () => ready);
}
