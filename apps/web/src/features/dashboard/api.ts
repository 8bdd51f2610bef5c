// The newest statement lines for the dashboard, under the statement's query key, so every money call
// refreshes them (wallet/api.ts invalidateMoney). Deposits and withdrawals: lib/account-api.ts.
import { useQuery } from '@tanstack/react-query';
import { fetchStatementPage, walletKeys } from '../../lib/account-api';

export const RECENT_MOVEMENTS = 10;

export function useRecentMovements({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: [...walletKeys.statement, 'recent', RECENT_MOVEMENTS],
    queryFn: () => fetchStatementPage(undefined, RECENT_MOVEMENTS),
    refetchOnMount: 'always',
  });
}
