import { Link } from 'react-router';
import { VIP_PACKAGES } from '@app/contract';
import { PageHeader } from '../../components/ui/page';
import { buttonClass } from '../../components/ui/button';
import { t } from '../../lib/i18n';

export function PackagesPage() {
  return (
    <section>
      <PageHeader
        title={t('All Packages')}
        intro={t(
          'A package is a deposit of a fixed amount of USDT over Tron TRC20. Packages earn no interest and promise no returns.',
        )}
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {VIP_PACKAGES.map((pkg) => (
          <li
            key={pkg.name}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <h2 className="text-xl font-bold">{pkg.name}</h2>
            <p className="mt-2 text-3xl font-bold text-emerald-800 dark:text-emerald-300">
              {pkg.amount} <span className="text-base font-semibold">USDT</span>
            </p>
            <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">
              {t('Deposit {amount} USDT and receive {amount} points once an admin confirms the transfer.', { amount: pkg.amount })}
            </p>
            <Link
              to={`/user/package?vip=${pkg.name.slice('VIP'.length)}`}
              className={buttonClass('primary', 'mt-4')}
              aria-label={t('Choose {name}, {amount} USDT', { name: pkg.name, amount: pkg.amount })}
            >
              {t('Choose {name}', { name: pkg.name })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
