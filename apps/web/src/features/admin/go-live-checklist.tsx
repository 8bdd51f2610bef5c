// The go-live checklist on the admin dashboard (super admin): what stands between this installation and running
// real money, each item with where it is fixed (a page of the app, or the environment: README, Configuration).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { GoLiveResponse } from '@app/contract';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { msg, t } from '../../lib/i18n';
import { adminKeys, fetchGoLive } from './api';

type Item = GoLiveResponse['items'][number];

/** What each item asks for, as msg() ids (rendered with t()). */
const TEXTS: Record<Item['id'], string> = {
  admin2fa: msg('Every admin signs in with two-factor, and the ADMIN_2FA setting requires it'),
  backup: msg('A backup taken in the last 24 hours'),
  chain: msg('The chain API and a deposit address (or account key) are configured'),
  supportContacts: msg('The support e-mail, phone and address are yours, not the defaults'),
  fourEyes: msg('A second admin approves large withdrawals (WITHDRAW_FOUR_EYES_ABOVE)'),
  newAddressHold: msg('Withdrawals to a new address wait (WITHDRAW_NEW_ADDRESS_HOLD_HOURS)'),
  trustProxy: msg('TRUST_PROXY is set: requests arrive through a proxy'),
  appUrlHttps: msg('APP_URL is an https:// address'),
};

const linkClass = 'text-sm font-semibold text-emerald-800 underline dark:text-emerald-300';

function Detail({ item }: { item: Item }) {
  if (item.id === 'admin2fa' && item.count) return <span>{t('{count, plural, one {{count} admin without two-factor sign-in} other {{count} admins without two-factor sign-in}}', { count: item.count })}</span>;
  if (item.id === 'backup' && item.at) {
    return (
      <span>
        {t('Last backup:')} <DateTime iso={item.at} />
      </span>
    );
  }
  return null;
}

export function GoLiveChecklist() {
  const q = useQuery({ queryKey: [...adminKeys.all, 'go-live'], queryFn: fetchGoLive, refetchOnMount: 'always' });
  if (!q.data) return null;
  const open = q.data.filter((i) => !i.ok);
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Before running real money')}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="go-live-summary">
        {open.length === 0 ? t('Nothing stands in the way.') : t('{count, plural, one {{count} item to fix} other {{count} items to fix}}', { count: open.length })}
      </p>
      <ul className="mt-3 grid gap-2">
        {q.data.map((item) => (
          <li key={item.id} data-testid={`go-live-${item.id}`} data-ok={item.ok} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
            <span aria-hidden="true" className={item.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-amber-700 dark:text-amber-300'}>
              {item.ok ? '✓' : '!'}
            </span>
            <span className="sr-only">{item.ok ? t('Done:') : t('To fix:')}</span>
            <span className={item.ok ? '' : 'font-semibold'}>{t(TEXTS[item.id])}</span>
            {!item.ok && <Detail item={item} />}
            {!item.ok &&
              (item.fix ? (
                <Link to={item.fix} className={linkClass}>
                  {t('Fix it')}
                </Link>
              ) : (
                <span className="text-slate-600 dark:text-slate-300">{t('Set in the server’s environment')}</span>
              ))}
          </li>
        ))}
      </ul>
    </Card>
  );
}
