// docs/product.md#behaviour: the balance stays hidden as *** and is revealed for LIMITS.balanceRevealMs after a refresh.
// One card for the profile and the dashboard.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { toast } from '../lib/toast';
import { LIMITS, MSG, formatPoints } from '@app/contract';
import { Card } from './ui/card';
import { Button } from './ui/button';
import { fetchPoint } from '../lib/account-api';
import { t } from '../lib/i18n';

export function BalanceCard() {
  const [revealed, setRevealed] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const mutation = useMutation({
    mutationFn: fetchPoint,
    onSuccess: (point) => {
      setRevealed(point);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setRevealed(null), LIMITS.balanceRevealMs);
    },
    onError: () => toast.error(t(MSG.pointsFetchFailed)),
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Points balance')}</h2>
      <div className="mt-3 flex items-center gap-3">
        <p aria-live="polite" className="text-3xl font-bold tabular-nums">
          <span data-testid="balance">{revealed === null ? '***' : formatPoints(revealed)}</span>{' '}
          <span className="text-base font-semibold text-slate-700 dark:text-slate-300">USDT</span>
        </p>
        <Button
          variant="secondary"
          aria-label={t('Show balance')}
          data-testid="reveal-balance"
          onClick={() => mutation.mutate()}
          disabled={mutation.isPending}
        >
          <RefreshCw aria-hidden="true" className={`h-4 w-4 ${mutation.isPending ? 'animate-spin' : ''}`} />
          {t('Refresh')}
        </Button>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t('Shown for 3 seconds after a refresh.')}</p>
    </Card>
  );
}
