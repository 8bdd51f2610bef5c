// The shell mounts the toaster (and loads its chunk) only once a toast has been raised: lib/toast.ts asks
// for it with the first one. Toasts raised before the toaster has mounted wait in react-hot-toast's store
// and show as soon as it does.
// It mounts once the first page has shown (lib/page-shown.ts): its styles and first render are no part of the
// first paint.
import { useSyncExternalStore } from 'react';
import { afterPageShown } from './page-shown';

let wanted = false;
const listeners = new Set<() => void>();

let requested = false;

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  afterPageShown(() => {
    wanted = true;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
