// "My team" (docs/money.md#referral-program): the caller's referral link, people and earnings per level, the members page by page, and
// how the program pays, with the rates in force now. Lists of cards rather than tables, so nothing scrolls sideways
// on a phone.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatPoints, type ReferralsResponse } from '@app/contract';
import { Card } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { DateTime } from '../../components/ui/date-time';
import { LoadError, PageGone, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { Pagination } from '../../components/ui/pagination';
import { TEAM_PAGE_LIMIT, fetchTeam, referralKeys } from './api';
import { t, Trans } from '../../lib/i18n';
import { EmptyState } from '../../components/ui/empty-state';

/** One sentence per level (who earns the reward), so each language words it whole. */
function levelRule(level: number, rate: number): string {
  if (level === 1) return t('Level {level}: when someone you invited earns a video reward, you receive {rate}% of it.', { level, rate });
  if (level === 2) return t('Level {level}: when someone they invited earns a video reward, you receive {rate}% of it.', { level, rate });
  return t('Level {level}: when someone {level} steps below you earns a video reward, you receive {rate}% of it.', { level, rate });
}

/** How the program pays, from the rates in force now. */
function HowItWorks({ team }: { team: ReferralsResponse }) {
  const paid = team.levels.filter((l) => l.rate > 0);
  return (
    <div className="text-sm text-slate-700 dark:text-slate-300" data-testid="team-rules">
      <p>{t('Share your link. When people sign up with it, they join your team, and the people they invite join it too.')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {paid.map((l) => (
          <li key={l.level}>{levelRule(l.level, l.rate)}</li>
        ))}
        {team.firstDepositBonus > 0 && (
          <li>
            {t('When someone you invited makes their first deposit, you receive {amount} USDT, once.', {
              amount: formatPoints(team.firstDepositBonus),
            })}
          </li>
        )}
        {paid.length === 0 && team.firstDepositBonus === 0 && <li>{t('The program pays nothing at the moment.')}</li>}
      </ul>
      <p className="mt-2">{t('Earnings are added to your balance at once and listed on your statement.')}</p>
    </div>
  );
}

export function TeamPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const setPage = (p: number) => setSearch(p > 1 ? { page: String(p) } : {}, { replace: true, preventScrollReset: true });
  const query = useQuery({
    queryKey: referralKeys.team(page),
    queryFn: () => fetchTeam(page),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const team = query.data;
  const pageCount = team ? Math.max(1, Math.ceil(team.total / TEAM_PAGE_LIMIT)) : 1;

  return (
    <section>
      <PageHeader title={t('My team')} intro={t('The people who joined with your referral link, and what the referral program has paid you.')} />
      {query.isPending ? (
        <ListLoading label={t('Loading your team…')} />
      ) : query.isError || !team ? (
        <LoadError onRetry={() => void query.refetch()}>{t('Could not load your team. Please try again.')}</LoadError>
      ) : (
        <div className="grid gap-6">
          <Card>
            <h2 className="text-lg font-semibold">{t('Your referral link')}</h2>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <code data-testid="team-link" dir="ltr" className="min-w-0 rounded-lg bg-slate-100 px-3 py-2 text-sm break-all dark:bg-slate-800">
                {team.link}
              </code>
              <CopyButton text={team.link} what={t('Referral link')} ariaLabel={t('Copy your referral link')} />
            </div>
          </Card>

          <Card>
            <h2 className="text-lg font-semibold">{t('Your team')}</h2>
            <p className="mt-2 text-sm" data-testid="team-totals">
              <Trans
                id="{count, plural, one {<0>{count}</0> person} other {<0>{count}</0> people}}, who earned you <1>{amount} USDT</1> in all."
                values={{ count: team.totals.people, amount: formatPoints(team.totals.earned) }}
                components={{ 0: <span className="font-semibold tabular-nums" />, 1: <span className="font-semibold tabular-nums" /> }}
              />
            </p>
            <ul className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={t('People and earnings per level')}>
              {team.levels.map((l) => (
                <li key={l.level} data-testid="team-level" className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
                  <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
                    {t('Level {level} · {rate}%', { level: l.level, rate: l.rate })}
                  </p>
                  <p className="mt-1">
                    <Trans
                      id="{count, plural, one {<0>{count}</0> person} other {<0>{count}</0> people}}"
                      values={{ count: l.people }}
                      components={{ 0: <span className="font-semibold tabular-nums" /> }}
                    />
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    <Trans id="<0>{amount}</0> USDT earned" values={{ amount: formatPoints(l.earned) }} components={{ 0: <span className="tabular-nums" /> }} />
                  </p>
                </li>
              ))}
            </ul>
          </Card>

          <Card>
            <h2 className="text-lg font-semibold">{t('Members')}</h2>
            {team.total === 0 && page === 1 ? (
              <div className="mt-3" data-testid="team-empty">
                <EmptyState art="people">
                  <p className="font-medium">{t('Nobody has joined with your link yet. Here is how the program works:')}</p>
                </EmptyState>
                <HowItWorks team={team} />
              </div>
            ) : team.referrals.length === 0 ? (
              <PageGone onFirstPage={() => setPage(1)} />
            ) : (
              <>
                <ul className="mt-3 grid gap-2" aria-busy={query.isFetching} aria-label={t('Team members')}>
                  {team.referrals.map((m) => (
                    <li
                      key={m._id}
                      data-testid="team-member"
                      className="grid min-w-0 gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-4 py-3 sm:grid-cols-[1fr_auto] dark:border-slate-700"
                    >
                      <div className="min-w-0">
                        <p className="font-medium break-words">{m.fullName}</p>
                        <p className="text-xs text-slate-600 dark:text-slate-300">
                          <Trans id="Level {level} · joined <0/>" values={{ level: m.level }} components={{ 0: <DateTime iso={m.joinedAt} /> }} />
                        </p>
                      </div>
                      <p className="self-center font-semibold whitespace-nowrap tabular-nums sm:text-end">
                        <Trans id="{amount} <0>USDT earned</0>" values={{ amount: formatPoints(m.earned) }} components={{ 0: <span className="text-sm font-normal" /> }} />
                      </p>
                    </li>
                  ))}
                </ul>
                <Pagination label={t('Team members')} page={page} pageCount={pageCount} onPage={setPage} />
              </>
            )}
          </Card>

          {team.total > 0 && (
            <Card>
              <h2 className="text-lg font-semibold">{t('How it works')}</h2>
              <div className="mt-2">
                <HowItWorks team={team} />
              </div>
            </Card>
          )}
        </div>
      )}
    </section>
  );
}
