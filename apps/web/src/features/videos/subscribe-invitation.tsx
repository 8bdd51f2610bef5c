// docs/product.md#videos-for-non-subscribers: a signed-in user without a subscription who opens /video or /video/{id}
// is invited to subscribe (the price from /config, their balance, and the way to the profile's subscription card)
// instead of being sent to the denied page. The server still refuses them the videos (403).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PlayCircle } from 'lucide-react';
import { formatPoints } from '@app/contract';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { fetchPoint, walletKeys } from '../../lib/account-api';
import { useAppConfig } from '../../lib/config';
import { t } from '../../lib/i18n';

export function SubscribeInvitationPage() {
  const config = useAppConfig();
  const point = useQuery({ queryKey: walletKeys.point, queryFn: fetchPoint, refetchOnMount: 'always' });
  // Activation needs the price and the minimum balance both (apps/server/src/modules/subscription).
  const needed = Math.max(config.subscriptionPrice, config.subscriptionMinBalance);
  const short = point.data === undefined ? 0 : Math.max(0, Math.round((needed - point.data) * 100) / 100);
  let balance: string;
  if (point.isPending) balance = '…';
  else if (point.isError) balance = t('unavailable');
  else balance = `${formatPoints(point.data)} USDT`;

  return (
    <section>
      <PageHeader title={t('Videos')} />
      <Card data-testid="video-invitation" className="max-w-2xl">
        <PlayCircle aria-hidden="true" className="h-10 w-10 text-emerald-700 dark:text-emerald-400" />
        <h2 className="mt-3 text-xl font-semibold">{t('Subscribe to watch videos and earn')}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t('Each video pays when you watch it to the end, once a day per video. A subscription unlocks the whole library.')}
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Subscription price')}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="invitation-price">
              {formatPoints(config.subscriptionPrice)} USDT
            </dd>
          </div>
          <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Your balance')}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="invitation-balance" aria-live="polite">
              {balance}
            </dd>
          </div>
        </dl>
        {short > 0 && (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="invitation-short">
            {t('You need a balance of at least {needed} USDT: add {short} USDT first.', { needed: formatPoints(needed), short: formatPoints(short) })}
          </p>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/user/profile" className={buttonClass('primary')}>
            {t('Subscribe')}
          </Link>
          {short > 0 && (
            <Link to="/user/deposit" className={buttonClass('secondary')}>
              {t('Deposit')}
            </Link>
          )}
        </div>
      </Card>
    </section>
  );
}
