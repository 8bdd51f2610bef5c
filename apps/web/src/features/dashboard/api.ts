// The newest statement lines for the dashboard, under the statement's query key, so every money call
// refreshes them (wallet/api.ts invalidateMoney). Deposits and withdrawals: lib/account-api.ts.
import { useQuery } from '@tanstack/react-query';
import { fetchMyDeposits, fetchMyWithdrawals, fetchStatementPage, walletKeys } from '../../lib/account-api';
import { queryClient } from '../../lib/query-client';

export const RECENT_MOVEMENTS = 10;

const recentMovements = {
  queryKey: [...walletKeys.statement, 'recent', RECENT_MOVEMENTS],
  queryFn: () => fetchStatementPage(undefined, RECENT_MOVEMENTS),
};
const myDeposits = { queryKey: walletKeys.myDeposits, queryFn: fetchMyDeposits };
const myWithdrawals = { queryKey: walletKeys.myWithdrawals, queryFn: fetchMyWithdrawals };

/** How long the dashboard's first render waits for its calls before it shows their loading lines instead. */
const FIRST_RENDER_WAIT_MS = 1000;

/**
 * The dashboard's calls (its movements, the caller's deposits and withdrawals) asked for beside its chunk
 * (area-routes.tsx, lazyPage's `data`), so its first render already shows the balance, the feed or the
 * first-deposit card, and what is pending. Drawn from answers that came after the page, the first-deposit card
 * (a new user's largest text, Lighthouse's LCP) waited one more round trip, behind the notification bell's
 * chunks. A slow answer holds the page back at most a second; the page then shows its loading lines until it comes.
 */
export function prefetchDashboard(): Promise<unknown> {
  const calls = Promise.all([
    queryClient.prefetchQuery(recentMovements),
    queryClient.prefetchQuery(myDeposits),
    queryClient.prefetchQuery(myWithdrawals),
  ]);
  return Promise.race([calls, new Promise((done) => window.setTimeout(done, FIRST_RENDER_WAIT_MS))]);
}

// Read again on a visit when older than the query cache's 30 s (lib/query-client.ts), or after a money call
// invalidated them; a first load finds them just fetched.
export const useRecentMovements = () => useQuery(recentMovements);
export const useDashboardDeposits = () => useQuery(myDeposits);
export const useDashboardWithdrawals = () => useQuery(myWithdrawals);
