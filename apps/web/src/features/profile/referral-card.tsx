import { Copy } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { useAppConfig } from '../../lib/config';
import { t } from '../../lib/i18n';

export function ReferralCard({ referralCode, referralsCount }: { referralCode: string; referralsCount: number }) {
  const { appUrl } = useAppConfig();
  const link = `${appUrl}/signup/${referralCode}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('Referral link copied'));
    } catch {
      toast.error(t('Could not copy the link; select it and copy it by hand.'));
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Invite friends')}</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('Share your link; new members who sign up with it are counted here.')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code data-testid="referral-link" dir="ltr" className="rounded-lg bg-slate-100 px-3 py-2 text-sm break-all dark:bg-slate-800">
          {link}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('Copy')}
        </Button>
      </div>
      <p className="mt-3 text-sm">
        {t('You referred {count, plural, one {{count} person} other {{count} people}}', { count: referralsCount })}
      </p>
      <p className="mt-1 text-sm">
        <Link to="/user/referrals" className="text-emerald-800 underline dark:text-emerald-300">
          {t('See your team and what it earned you')}
        </Link>
      </p>
    </Card>
  );
}
