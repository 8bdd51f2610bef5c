import { useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../lib/api';
import { useMoneySubmit, type MoneySubmitOptions } from '../../components/money-submit';
import { invalidateMoney } from './api';

/** The wallet's forms submit as every money form does; afterwards the balance, statement and records are re-read. */
export function useWalletSubmit<Body extends object, Data extends ApiEnvelope>(options: Omit<MoneySubmitOptions<Body, Data>, 'refresh'>) {
  const queryClient = useQueryClient();
  return useMoneySubmit({ ...options, refresh: () => invalidateMoney(queryClient) });
}
