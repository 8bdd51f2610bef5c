// /user/security (docs/product.md#security-rules): two-factor sign-in, passkeys, the active sessions (end one or all others) and the last
// 50 sign-in attempts. Lists, not tables, so the page fits a 390 px screen without sideways scrolling.
import { Link, useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserName, type SECURITY_MSG, type SessionRecord } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { currentLang, msg, t, Trans } from '../../lib/i18n';
import { endOtherSessions, endSession, fetchLoginHistory, fetchSessions, securityKeys } from './api';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';
import { ReauthProvider } from './reauth';
import { fetchMe, meQueryKey } from '../../lib/me';
import { ListLoading } from '../../components/ui/list-state';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

/** SECURITY_MSG.adminNeeds2fa (the type keeps the two identical), shown here when the admin guard sent the user. */
const ADMIN_NEEDS_2FA: typeof SECURITY_MSG.adminNeeds2fa = msg(
  'Administrators must turn on two-factor sign-in first. Set it up on your security page (/user/security).',
);

/** "Firefox on Linux", in the words of the "New sign-in" notification and the admins' page of a user (the contract's
 * browserName); never the raw header. `start` for a line of its own, lower case inside a sentence. */
const device = (userAgent: string, start = true) => browserName(userAgent, currentLang(), { start });

function SessionsCard() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: securityKeys.sessions, queryFn: fetchSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
  const onError = (err: unknown) => toast.error(errorMessage(err, t('Something went wrong')));
  const endOne = useMutation({ mutationFn: (s: SessionRecord) => endSession(s._id), onSuccess: (d) => toast.success(d.message), onError, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: (d) => toast.success(d.message), onError, onSettled: refresh });
  const others = (list.data ?? []).filter((s) => !s.current).length;

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Where you are signed in')}</h2>
      {list.isPending && (
        <ListLoading label={t('Loading sessions…')} />
      )}
      {list.isError && <p className="mt-4 text-sm">{t('Could not load your sessions.')}</p>}
      {list.data && (
        <ul aria-label={t('Active sessions')} className="mt-4 flex flex-col gap-4">
          {list.data.map((s) => (
            <li key={s._id} className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  {device(s.userAgent)}
                  {s.current && <span className="ms-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{t('This browser')}</span>}
                </p>
                <p className="break-words text-slate-600 dark:text-slate-300">
                  <Trans
                    id="{ip} · signed in <0/> · last active <1/>"
                    values={{ ip: s.ip || t('unknown address') }}
                    components={{ 0: <DateTime iso={s.createdAt} />, 1: <DateTime iso={s.lastSeenAt} /> }}
                  />
                </p>
              </div>
              {!s.current && (
                <Button variant="secondary" className="self-start" disabled={endOne.isPending} onClick={() => endOne.mutate(s)} aria-label={t('End the session of {browser} at {ip}', { browser: device(s.userAgent, false), ip: s.ip || t('unknown address') })}
                >
                  {t('End session')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button variant="danger" className="mt-4" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {t('End all other sessions')}
        </Button>
      )}
    </Card>
  );
}

function HistoryCard() {
  const list = useQuery({ queryKey: securityKeys.history, queryFn: fetchLoginHistory });
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Recent sign-in attempts')}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t('The last 50, newest first. A failed attempt you do not recognise means someone tried your password.')}
      </p>
      {list.isPending && (
        <ListLoading label={t('Loading sign-in attempts…')} />
      )}
      {list.isError && <p className="mt-4 text-sm">{t('Could not load your sign-in attempts.')}</p>}
      {list.data && (
        <ol aria-label={t('Sign-in attempts')} className="mt-4 flex flex-col gap-2 text-sm">
          {list.data.map((e, i) => (
            <li key={`${e.createdAt}:${i}`} className="break-words">
              <span className={e.success ? 'font-semibold text-emerald-800 dark:text-emerald-300' : 'font-semibold text-red-700 dark:text-red-300'}>{e.success ? t('Signed in') : t('Failed')}</span>{' '}
              <DateTime iso={e.createdAt} /> · <bdi>{e.ip}</bdi> · {device(e.userAgent)}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function SecurityPage() {
  // Whether 2FA is on comes from the server's current user.
  useQuery({ queryKey: meQueryKey, queryFn: fetchMe, refetchOnMount: 'always' });
  const { user } = useSession();
  const sentByAdminGuard = (useLocation().state as { adminNeeds2fa?: boolean } | null)?.adminNeeds2fa === true;
  return (
    <section>
      <PageHeader
        title={t('Security')}
        intro={
          <Trans
            id="Two-factor sign-in, passkeys, where you are signed in and recent sign-ins. <0>Change password</0>"
            components={{ 0: <Link to="/user/profile/change-password" className={link} /> }}
          />
        }
      />
      {sentByAdminGuard && !user?.twoFactor && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          {t(ADMIN_NEEDS_2FA)}
        </p>
      )}
      {/* Sudo mode: the cards' changes of how one signs in ask for the password again when needed. */}
      <ReauthProvider>
        <div className="grid gap-6 lg:grid-cols-2">
          <TwoFactorCard enabled={Boolean(user?.twoFactor)} />
          <PasskeysCard />
          <SessionsCard />
          <HistoryCard />
        </div>
      </ReauthProvider>
    </section>
  );
}
