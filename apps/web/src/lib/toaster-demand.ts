// The shell mounts the toaster (and loads react-hot-toast) only once some code that may toast has
// loaded: lib/toast.ts asks for it when it is first imported. Toasts raised before the toaster has
// mounted wait in react-hot-toast's store and show as soon as it does.
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
