// Subscription codes (issue 14; ADMIN or SADMIN, the route guard sends others to /denied): generate single-use
// activation codes for clients that subscribe with a code, copy them, and see who used each and when.
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { DateTime } from '../../components/ui/date-time';
import { LoadError } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { StatusBadge } from '../../components/ui/status-badge';
import { TableHead, td } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
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
      toast.success(`Code ${grouped(code.code)} created`);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not create a code. Try again.')),
  });

  const data = list.data;
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <p role="status" className="py-4 text-slate-600 dark:text-slate-300">
        Loading the codes…
      </p>
    );
  } else if (list.isError || !data) {
    body = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, 'Could not load the subscription codes.')}</LoadError>;
  } else if (data.codes.length === 0) {
    body = <p className="py-4 text-slate-600 dark:text-slate-300">No codes yet. Generate one to give a user a subscription.</p>;
  } else {
    body = (
      // Focusable, so keyboard users can scroll the wide table sideways.
      <div className="overflow-x-auto" role="region" aria-label="Subscription codes" tabIndex={0}>
        <table className="w-full min-w-[48rem] border-collapse" aria-busy={list.isFetching}>
          <caption className="sr-only">Subscription codes, newest first</caption>
          <TableHead columns={['Code', 'Status', 'Used by', 'Used at', 'Created by', 'Created at']} />
          <tbody>
            {data.codes.map((c) => (
              <tr key={c._id} data-testid="subscription-code-row" className="border-b border-slate-100 dark:border-slate-800">
                <td className={td}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-base font-semibold tracking-wider" data-testid="subscription-code">
                      {grouped(c.code)}
                    </span>
                    <CopyButton text={c.code} label="Copy" what="Code" ariaLabel={`Copy code ${grouped(c.code)}`} />
                  </div>
                </td>
                <td className={td}>
                  <StatusBadge done={c.used} doneLabel="Used" pendingLabel="Unused" />
                </td>
                <td className={`${td} [overflow-wrap:anywhere]`}>{c.usedBy ?? '—'}</td>
                <td className={`${td} whitespace-nowrap`}>{c.usedAt ? <DateTime iso={c.usedAt} /> : '—'}</td>
                <td className={`${td} [overflow-wrap:anywhere]`}>{c.createdBy}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <DateTime iso={c.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.capped && <p className="py-2 text-sm text-slate-600 dark:text-slate-300">Showing the newest 10,000 codes.</p>}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Subscription codes"
        intro="Each code activates one subscription, once, free of charge. Give a code to a user; they enter it on their subscription screen."
      />
      <Card>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {data ? `${data.codes.filter((c) => !c.used).length} unused of ${data.codes.length}` : ' '}
          </p>
          <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
            {generate.isPending ? 'Generating…' : 'Generate a code'}
          </Button>
        </div>
        {body}
      </Card>
    </>
  );
}
