// Subscription codes (ADMIN or SADMIN, the route guard sends others to /denied): generate single-use
// activation codes for clients that subscribe with a code, copy them, and see who used each and when.
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { DateTime } from '../../components/ui/date-time';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { StatusBadge } from '../../components/ui/status-badge';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { adminKeys, fetchSubscriptionCodes, generateSubscriptionCode } from './api';

/** ABCDEFGHJKMN → ABCD-EFGH-JKMN: easier to read out; the server ignores the dashes when it is applied. */
const grouped = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

export function SubscriptionCodesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.subscriptionCodes, queryFn: fetchSubscriptionCodes, refetchOnMount: 'always' });
  const generate = useMutation({
    mutationFn: generateSubscriptionCode,
    onSuccess: (code) => {
      toast.success(t('Code {code} created', { code: grouped(code.code) }));
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not create a code. Try again.'))),
  });

  const data = list.data;
  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading label={t('Loading the codes…')} />;
  } else if (list.isError || !data) {
    body = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the subscription codes.'))}</LoadError>;
  } else if (data.codes.length === 0) {
    body = <p className="py-4 text-slate-600 dark:text-slate-300">{t('No codes yet. Generate one to give a user a subscription.')}</p>;
  } else {
    body = (
      <DataTable
        caption={t('Subscription codes, newest first')}
        columns={[t('Code'), t('Status'), t('Used by'), t('Used at'), t('Created by'), t('Created at')]}
        busy={list.isFetching}
        footer={data.capped && <p className="py-2 text-sm text-slate-600 dark:text-slate-300">{t('Showing the newest 10,000 codes.')}</p>}
      >
        {data.codes.map((c) => (
          <DataRow key={c._id} data-testid="subscription-code-row">
            <DataCell>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-base font-semibold tracking-wider whitespace-nowrap" dir="ltr" data-testid="subscription-code">
                  {grouped(c.code)}
                </span>
                <CopyButton text={c.code} label={t('Copy')} what={t('Code')} ariaLabel={t('Copy code {code}', { code: grouped(c.code) })} />
              </div>
            </DataCell>
            <DataCell>
              <StatusBadge done={c.used} doneLabel={t('Used')} pendingLabel={t('Unused')} />
            </DataCell>
            <DataCell className="[overflow-wrap:anywhere]">{c.usedBy ? <bdi dir="ltr">{c.usedBy}</bdi> : '—'}</DataCell>
            <DataCell>{c.usedAt ? <DateTime iso={c.usedAt} /> : '—'}</DataCell>
            <DataCell className="[overflow-wrap:anywhere]">
              <bdi dir="ltr">{c.createdBy}</bdi>
            </DataCell>
            <DataCell>
              <DateTime iso={c.createdAt} />
            </DataCell>
          </DataRow>
        ))}
      </DataTable>
    );
  }

  return (
    <>
      <PageHeader
        title={t('Subscription codes')}
        intro={t('Each code activates one subscription, once, free of charge. Give a code to a user; they enter it on their subscription screen.')}
      />
      <Card>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {data ? t('{unused} unused of {total}', { unused: data.codes.filter((c) => !c.used).length, total: data.codes.length }) : ' '}
          </p>
          <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
            {generate.isPending ? t('Generating…') : t('Generate a code')}
          </Button>
        </div>
        {body}
      </Card>
    </>
  );
}
