// The /user/me query in the TanStack Query cache: the shell's observers (session.ts loads this module
// once a stored login needs the server's answer) and the session changes made by the pages.
import { notifyManager, QueryObserver, type QueryState } from '@tanstack/react-query';
import type { User } from './auth-storage';
import { clearAuth, storeAuth } from './auth-storage';
import { queryClient } from './query-client';
import { fetchMe, meQueryKey, type MeSnapshot } from './me';

let lastState: QueryState<User | null> | undefined;
let lastSnapshot: MeSnapshot = { data: undefined, isPending: true };

/**
 * The current state of the query, the same object until it changes (useSyncExternalStore).
 * @public read by session.ts through its dynamic import, which knip does not follow
 */
export function meSnapshot(): MeSnapshot {
  const state = queryClient.getQueryState<User | null>(meQueryKey);
  if (state !== lastState) {
    lastState = state;
    lastSnapshot = { data: state?.data, isPending: !state || state.status === 'pending' };
  }
  return lastSnapshot;
}

/** Mounts an observer as useQuery would (fetch on mount when stale, on focus, retries). */
export function observeMe(onChange: () => void): () => void {
  const observer = new QueryObserver(queryClient, { queryKey: meQueryKey, queryFn: fetchMe });
  return observer.subscribe(notifyManager.batchCalls(onChange));
}

/** After login or registration: keep the user the server returned, without another round trip. */
export function startSession(user: User): void {
  storeAuth(user);
  queryClient.setQueryData(meQueryKey, user);
}

export function endSession(): void {
  clearAuth();
  queryClient.clear();
}

export function refreshMe(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}
