// The balance on the pages that spend it, re-read after every money call (a withdrawal drops it at once).
import { useQuery } from '@tanstack/react-query';
import { formatPoints } from '@app/contract';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { SkeletonLine } from '../../components/ui/skeleton';
import { fetchPoint, walletKeys } from './api';

export function usePoint() {
  return useQuery({ queryKey: walletKeys.point, queryFn: fetchPoint, refetchOnMount: 'always' });
}

export function AvailableBalance() {
  const point = usePoint();
  let text: ReactNode;
  if (point.isPending) text = <SkeletonLine label={t('Loading…')} className="w-24" />;
  else if (point.isError) text = t('unavailable');
  else text = `${formatPoints(point.data)} USDT`;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {t('Available balance:')}{' '}
      <strong aria-live="polite" data-testid="available-balance" className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">
        {text}
      </strong>
    </p>
  );
}
