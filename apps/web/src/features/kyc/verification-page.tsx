// /user/verification: the user's identity check. Their status (not verified, pending, verified, rejected with the
// reason) and, when they may send one, the form the super admin designed, in the language on screen. Files are
// checked by the server from their bytes; a refusal names the field.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycField, KycStatus } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { fetchMyKyc, kycKeys, labelOf, readFile, sendKyc } from './api';
import { Answers } from './answers';

const STATUS_TEXT: Record<KycStatus, string> = {
  none: msg('Not verified'),
  pending: msg('Pending review'),
  verified: msg('Verified'),
  rejected: msg('Rejected'),
};
export const fieldClass =
  'w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

function Field({ field, value, onChange, disabled }: { field: KycField; value: string | File | undefined; onChange: (v: string | File | undefined) => void; disabled: boolean }) {
  const id = useId();
  const label = `${labelOf(field)}${field.required ? '' : ` ${t('(optional)')}`}`;
  const text = typeof value === 'string' ? value : '';
  let control;
  if (field.kind === 'select') {
    control = (
      <select id={id} name={field.key} className={fieldClass} value={text} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{t('Choose…')}</option>
        {field.options.map((o) => (
          <option key={o.en} value={o.en}>
            {labelOf(o)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'file') {
    control = (
      <input
        id={id}
        name={field.key}
        type="file"
        accept="image/png,image/jpeg,image/webp,application/pdf"
        className="max-w-full text-sm"
        onChange={(e) => onChange(e.target.files?.[0])}
        disabled={disabled}
      />
    );
  } else {
    control = (
      <input
        id={id}
        name={field.key}
        type={field.kind === 'date' ? 'date' : 'text'}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        className={fieldClass}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        autoComplete="off"
      />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {field.kind === 'file' && <p className="text-xs text-slate-600 dark:text-slate-300">{t('PNG, JPEG or WebP image, or PDF, at most 5 MB.')}</p>}
    </div>
  );
}

export function VerificationPage() {
  const queryClient = useQueryClient();
  const kyc = useQuery({ queryKey: kycKeys.mine, queryFn: fetchMyKyc, refetchOnMount: 'always' });
  const [values, setValues] = useState<Record<string, string | File | undefined>>({});
  const send = useMutation({
    mutationFn: async () => {
      const form = kyc.data!.form!;
      const answers: Record<string, string | { name: string; data: string }> = {};
      for (const field of form.fields) {
        const v = values[field.key];
        if (v instanceof File) answers[field.key] = await readFile(v);
        else if (v) answers[field.key] = v;
      }
      return sendKyc({ version: form.version, answers });
    },
    onSuccess: (data) => {
      toast.success(data.message);
      setValues({});
      void queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not send the identity check. Try again.'))),
  });

  if (kyc.isPending) return <ListLoading label={t('Loading your identity check…')} />;
  if (kyc.isError) return <LoadError onRetry={() => void kyc.refetch()}>{errorMessage(kyc.error, t('Could not load your identity check.'))}</LoadError>;
  const { status, submission, form } = kyc.data;
  const canSend = (status === 'none' || status === 'rejected') && form !== null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!send.isPending) send.mutate();
  };

  return (
    <>
      <PageHeader title={t('Identity verification')} intro={t('Some withdrawals need a verified identity. Send the documents asked for; an admin reviews them.')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">{t('Your status')}</h2>
          <p className="mt-2 text-xl font-bold" data-testid="kyc-status">
            {t(STATUS_TEXT[status])}
          </p>
          {submission && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t('Sent')} <DateTime iso={submission.createdAt} />
            </p>
          )}
          {status === 'rejected' && submission?.reason && (
            <p className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 break-words text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200" data-testid="kyc-reason">
              {t('Reason: {reason}', { reason: submission.reason })}
            </p>
          )}
          {submission && (
            <Answers submission={submission} className="mt-4" />
          )}
        </Card>
        <Card>
          {!form ? (
            <p>{t('Identity checks are not open yet.')}</p>
          ) : canSend ? (
            <form noValidate onSubmit={submit} aria-busy={send.isPending} className="grid gap-4">
              <h2 className="text-lg font-semibold">{status === 'rejected' ? t('Send it again') : t('Verify your identity')}</h2>
              {form.fields.map((field) => (
                <Field key={field.key} field={field} value={values[field.key]} onChange={(v) => setValues((all) => ({ ...all, [field.key]: v }))} disabled={send.isPending} />
              ))}
              <div>
                <Button type="submit" disabled={send.isPending}>
                  {send.isPending ? t('Sending…') : t('Send for review')}
                </Button>
              </div>
            </form>
          ) : (
            <p>{status === 'verified' ? t('Your identity is verified: nothing more to do.') : t('An admin is reviewing your documents. You will be told of the decision.')}</p>
          )}
        </Card>
      </div>
    </>
  );
}
