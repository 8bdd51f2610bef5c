import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@app/contract';
import { PageHeader } from '../../components/ui/page';
import { Card } from '../../components/ui/card';
import { useSession } from '../../lib/session';
import { BalanceCard } from '../../components/balance-card';
import { SubscriptionCard } from './subscription-card';
import { ProfileForm } from './profile-form';
import { ReferralCard } from './referral-card';
import { t, Trans } from '../../lib/i18n';
import { fetchMe, meQueryKey } from '../../lib/me';

const menuLink = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

export function ProfilePage() {
  // The profile always shows the server's current user, not the copy kept in local storage.
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, refetchOnMount: 'always' });
  const { user } = useSession();

  if (!user) {
    return (
      <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-300">
        {me.isError ? t('Could not load your profile. Please try again.') : t(MSG.loading.profile)}
      </p>
    );
  }

  return (
    <section>
      <PageHeader title={t('Profile')} intro={<Trans id="Welcome, <0>{name}</0>." values={{ name: user.fullName }} components={{ 0: <bdi /> }} />} />
      <div className="grid gap-6 lg:grid-cols-2">
        <BalanceCard />
        <SubscriptionCard subscribed={Boolean(user.subscription)} />
        <div className="lg:col-span-2">
          <ProfileForm key={`${user._id}:${user.fullName}:${user.phone}`} user={user} />
        </div>
        <ReferralCard referralCode={user.referralCode} referralsCount={user.referralsCount ?? 0} />
        <Card>
          <nav aria-labelledby="account-menu">
            <h2 id="account-menu" className="text-lg font-semibold">
              {t('Account')}
            </h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/user/security" className={menuLink}>
                  {t('Security: two-factor sign-in, passkeys, sessions')}
                </Link>
              </li>
              <li>
                <Link to="/user/profile/change-password" className={menuLink}>
                  {t('Change password')}
                </Link>
              </li>
              <li>
                <Link to="/user/profile/reset-password" className={menuLink}>
                  {t('Reset password')}
                </Link>
              </li>
            </ul>
          </nav>
        </Card>
      </div>
    </section>
  );
}
