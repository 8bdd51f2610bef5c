// The e-mail preferences card: one switch per category, saved as soon as it is flipped. Security e-mails
// (sign-ins, password and two-factor changes) always go out: the server refuses to turn them off.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '../../components/ui/card';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ALWAYS_ON_CATEGORIES, NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationPreferences } from '@app/contract';
import { fetchPreferences, notificationKeys, savePreferences } from './api';

const CATEGORY_TEXT: Record<NotificationCategory, { label: string; hint: string }> = {
  deposits: { label: msg('Deposits'), hint: msg('A deposit credited or reverted.') },
  withdrawals: { label: msg('Withdrawals'), hint: msg('A withdrawal requested, paid or refunded.') },
  transfers: { label: msg('Transfers'), hint: msg('Points you send or receive.') },
  subscription: { label: msg('Subscription'), hint: msg('Your subscription activated.') },
  referrals: { label: msg('Referral earnings'), hint: msg('Each commission from your team.') },
  points: { label: msg('Points adjustments'), hint: msg('Points an admin adds or removes.') },
  // The contract's NOTIFICATION_MSG.securityAlwaysOn, written out so that the check finds the id.
  security: {
    label: msg('Security'),
    hint: msg(
      'New sign-ins, password, passkey and two-factor changes. Security e-mails cannot be turned off: they tell you when someone else may be using your account.',
    ),
  },
  announcements: { label: msg('Announcements'), hint: msg('News from the platform team.') },
  support: { label: msg('Support tickets'), hint: msg('A reply to one of your support tickets.') },
};

function PreferenceSwitch({
  category,
  checked,
  disabled,
  onChange,
}: {
  category: NotificationCategory;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  const { label, hint } = CATEGORY_TEXT[category];
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={labelId} className="font-medium">
          {t(label)}
        </p>
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
          {t(hint)}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={`preference-${category}`}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
          checked ? 'bg-emerald-700 dark:bg-emerald-400' : 'bg-slate-400 dark:bg-slate-600'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform dark:bg-slate-950 ${checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'}`}
        />
      </button>
    </li>
  );
}

export function EmailPreferences() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.preferences, queryFn: fetchPreferences });
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => {
      queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences, data.preferences);
      toast.success(data.message || t('E-mail preferences saved'), { id: 'preferences-saved' });
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not save your e-mail preferences. Try again.'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });

  const prefs = query.data;
  return (
    <Card>
      <h2 id="email-preferences-heading" className="text-lg font-semibold">
        {t('E-mail preferences')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('Choose what we also send to your e-mail. Everything still shows in your notifications here.')}
      </p>
      {query.isPending ? (
        <ListLoading label={t('Loading your preferences…')} />
      ) : query.isError || !prefs ? (
        <LoadError onRetry={() => void query.refetch()}>{errorMessage(query.error, t('Could not load your e-mail preferences.'))}</LoadError>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700" aria-busy={save.isPending}>
          {NOTIFICATION_CATEGORIES.map((category) => (
            <PreferenceSwitch
              key={category}
              category={category}
              checked={ALWAYS_ON_CATEGORIES.includes(category) || prefs[category]}
              disabled={ALWAYS_ON_CATEGORIES.includes(category) || save.isPending}
              onChange={(value) => save.mutate({ [category]: value })}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
