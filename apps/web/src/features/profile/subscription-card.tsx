import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MSG, formatPoints } from '@app/contract';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { useAppConfig } from '../../lib/config';
import { refreshMe } from '../../lib/session';
import { activateSubscription } from './api';

export function SubscriptionCard({ subscribed }: { subscribed: boolean }) {
  const config = useAppConfig();
  const mutation = useMutation({
    mutationFn: activateSubscription,
    onSuccess: async (data) => {
      toast.success(data.message || 'Subscribed');
      await refreshMe();
    },
    onError: (err) => toast.error(errorMessage(err, MSG.subscriptionError)),
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold">Subscription</h2>
      {subscribed ? (
        <p className="mt-3 inline-flex rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
          Subscribed
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            A subscription unlocks the video library. You need a balance of at least{' '}
            {formatPoints(config.subscriptionMinBalance)} points to activate it.
          </p>
          <Button className="mt-3" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
            Subscribe · {formatPoints(config.subscriptionPrice)} Points
          </Button>
        </>
      )}
    </Card>
  );
}
