// docs/product.md#behaviour: not subscribed → Subscribed after activation with points, then the profile is re-read.
// The button shows the real price from /config; the charge is confirmed first.
import { useQueryClient } from '@tanstack/react-query';
import { MSG, SUBSCRIPTION_MSG, formatPoints } from '@app/contract';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { useMoneySubmit } from '../../components/money-submit';
import { httpStatus } from '../../lib/api';
import { useAppConfig } from '../../lib/config';
import { refreshMe } from '../../lib/session-cache';
import { activateSubscription } from './api';
import { SubscriptionCodeForm } from './subscription-code-form';
import { msg, t } from '../../lib/i18n';

/** SUBSCRIPTION_MSG.activated (the type keeps the two identical), shown when the server's answer has no message. */
const ACTIVATED: typeof SUBSCRIPTION_MSG.activated = msg('Subscription activated successfully');

export function SubscriptionCard({ subscribed }: { subscribed: boolean }) {
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const price = formatPoints(config.subscriptionPrice);

  const money = useMoneySubmit({
    request: 'POST /subscription/activate-with-points',
    send: (_body: object, key) => activateSubscription(key),
    done: () => t(ACTIVATED),
    // A refusal without a reason is, per docs/product.md#messages, the "not enough points" case; no answer at all is an error.
    failed: (err) => (httpStatus(err) === 400 ? t(MSG.subscriptionNotEnough) : t(MSG.subscriptionError)),
    onDone: refreshMe,
    refresh: () => Promise.all(['point', 'statement'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });

  const subscribe = () =>
    money.submit({
      body: {},
      confirm: {
        title: t('Activate your subscription?'),
        message:
          config.subscriptionPrice > 0
            ? t('{price} points are taken from your balance to unlock the video library.', { price })
            : t('It costs nothing ({price} points), but you need a balance of at least {min} points.', {
                price,
                min: formatPoints(config.subscriptionMinBalance),
              }),
      },
    });

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Subscription')}</h2>
      {subscribed ? (
        <p className="mt-3 inline-flex rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
          {t('Subscribed')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t('A subscription unlocks the video library. You need a balance of at least {min} points to activate it.', {
              min: formatPoints(config.subscriptionMinBalance),
            })}
          </p>
          <Button className="mt-3" onClick={() => void subscribe()} disabled={money.pending}>
            {money.pending ? t('Subscribing…') : t('Subscribe · {price} Points', { price })}
          </Button>
          <SubscriptionCodeForm />
        </>
      )}
      {money.dialog}
    </Card>
  );
}
