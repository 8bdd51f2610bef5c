// /admin/kyc (ADMIN or SADMIN): identity checks to review, oldest first, with their answers and documents; approve,
// or reject with a reason the user will read. Decisions are audited and notify the user.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminKycSubmission } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { Input } from '../../components/ui/input';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { documentUrl, fetchKycDesk, kycKeys, labelOf, reviewKyc } from './api';
import { Answers } from './answers';

function Submission({ s }: { s: AdminKycSubmission }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => reviewKyc(s._id, decision, decision === 'reject' ? reason : undefined),
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t('Something went wrong. Try again.'))),
  });
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700" data-testid="kyc-submission">
      <p className="font-semibold break-words">{s.fullName}</p>
      <p className="text-sm break-all text-slate-700 dark:text-slate-300">{s.email}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('Sent')} <DateTime iso={s.createdAt} />
      </p>
      <Answers submission={s} className="mt-3" />
      {s.documentsDeleted ? (
        <p className="mt-2 text-sm">{t('Documents deleted (retention).')}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label={t('Documents')}>
          {s.documents.map((d) => {
            const field = s.form.fields.find((f) => f.key === d.field);
            return (
              <li key={d._id} className="min-w-0 text-sm">
                {d.type.startsWith('image/') && <img src={documentUrl(d._id, true)} alt={d.name} className="h-24 max-w-full rounded border border-slate-300 object-cover dark:border-slate-600" />}
                <a href={documentUrl(d._id)} download={d.name} className="break-all text-emerald-800 underline dark:text-emerald-300">
                  {field ? `${labelOf(field)}: ${d.name}` : d.name}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {s.status === 'pending' ? (
        <div className="mt-4 grid gap-3">
          <Input label={t('Reason (for a rejection)')} name="reason" value={reason} onChange={(e) => setReason(e.target.value)} disabled={review.isPending} autoComplete="off" />
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => review.mutate('approve')} disabled={review.isPending}>
              {t('Approve')}
            </Button>
            <Button variant="danger" onClick={() => review.mutate('reject')} disabled={review.isPending}>
              {t('Reject')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm break-words">
          {s.status === 'verified' ? t('Approved by {name}', { name: s.reviewedBy ?? '' }) : t('Rejected by {name}: {reason}', { name: s.reviewedBy ?? '', reason: s.reason ?? '' })}
        </p>
      )}
    </li>
  );
}

export function AdminKycPage() {
  const [status, setStatus] = useState<'pending' | 'verified' | 'rejected'>('pending');
  const desk = useQuery({ queryKey: kycKeys.desk(status), queryFn: () => fetchKycDesk(status), refetchOnMount: 'always' });
  const tabs = [
    ['pending', t('Waiting')],
    ['verified', t('Approved')],
    ['rejected', t('Rejected')],
  ] as const;
  return (
    <>
      <PageHeader title={t('Identity checks')} intro={t('Oldest first. Check the documents against the answers, then approve or reject with a reason.')} />
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label={t('Show')}>
        {tabs.map(([value, label]) => (
          <Button key={value} variant={status === value ? 'primary' : 'secondary'} aria-pressed={status === value} onClick={() => setStatus(value)}>
            {label}
          </Button>
        ))}
      </div>
      <Card>
        {desk.isPending ? (
          <ListLoading label={t('Loading identity checks…')} />
        ) : desk.isError ? (
          <LoadError onRetry={() => void desk.refetch()}>{errorMessage(desk.error, t('Could not load the identity checks.'))}</LoadError>
        ) : desk.data.submissions.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t('Nothing here.')}</p>
        ) : (
          <ul className="grid gap-3">
            {desk.data.submissions.map((s) => (
              <Submission key={s._id} s={s} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
