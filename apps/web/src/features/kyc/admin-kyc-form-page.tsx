// /admin/kyc-form (SADMIN): the identity check form. Fields in order, each of a kind (text, number, date, select
// with options, file), with an English and an Arabic label, required or not. Saving makes a new version: new
// submissions use it, sent ones keep theirs.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KYC_FIELD_KINDS, type KycFieldInput } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { fetchKycForm, kycKeys, saveKycForm } from './api';
import { fieldClass } from './verification-page';

const KIND_LABEL: Record<(typeof KYC_FIELD_KINDS)[number], string> = {
  text: msg('Text'),
  number: msg('Number'),
  date: msg('Date'),
  select: msg('Choice'),
  file: msg('File'),
};

type Draft = KycFieldInput & { options: { en: string; ar: string }[] };
const blank = (n: number): Draft => ({ key: `field_${n}`, kind: 'text', labelEn: '', labelAr: '', required: true, options: [] });

function FieldEditor({ field, index, count, onChange, onMove, onRemove }: { field: Draft; index: number; count: number; onChange: (f: Draft) => void; onMove: (by: number) => void; onRemove: () => void }) {
  const set = (patch: Partial<Draft>) => onChange({ ...field, ...patch });
  // The options as typed (parsed on every change; the text itself is kept so a trailing ; or | can be typed).
  const [optionsText, setOptionsText] = useState(() => field.options.map((o) => `${o.en} | ${o.ar}`).join('; '));
  const kindId = `kyc-kind-${index}`;
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700" data-testid="kyc-field">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input label={t('Key')} value={field.key} onChange={(e) => set({ key: e.target.value })} autoComplete="off" />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={kindId} className="text-sm font-medium">
            {t('Kind')}
          </label>
          <select id={kindId} className={fieldClass} value={field.kind} onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}>
            {KYC_FIELD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABEL[k])}
              </option>
            ))}
          </select>
        </div>
        <Input label={t('English label')} value={field.labelEn} onChange={(e) => set({ labelEn: e.target.value })} autoComplete="off" />
        <Input label={t('Arabic label')} value={field.labelAr} onChange={(e) => set({ labelAr: e.target.value })} autoComplete="off" dir="rtl" lang="ar" />
      </div>
      {field.kind === 'select' && (
        <Input
          label={t('Options (English | Arabic)')}
          value={optionsText}
          onChange={(e) => {
            setOptionsText(e.target.value);
            set({
              options: e.target.value
                .split(';')
                .map((line) => line.split('|').map((x) => x.trim()))
                .filter(([en]) => en)
                .map(([en, ar = '']) => ({ en, ar })),
            });
          }}
          hint={t('Separate options with ; such as: Passport | جواز سفر; ID card | بطاقة هوية')}
          autoComplete="off"
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={field.required ?? true} onChange={(e) => set({ required: e.target.checked })} className="h-4 w-4 accent-emerald-700 dark:accent-emerald-400" />
          {t('Required')}
        </label>
        <Button variant="secondary" onClick={() => onMove(-1)} disabled={index === 0}>
          {t('Move up')}
        </Button>
        <Button variant="secondary" onClick={() => onMove(1)} disabled={index === count - 1}>
          {t('Move down')}
        </Button>
        <Button variant="secondary" onClick={onRemove}>
          {t('Remove field')}
        </Button>
      </div>
    </li>
  );
}

export function AdminKycFormPage() {
  const queryClient = useQueryClient();
  const form = useQuery({ queryKey: kycKeys.form, queryFn: fetchKycForm, refetchOnMount: 'always' });
  const [fields, setFields] = useState<Draft[] | null>(null);
  useEffect(() => {
    if (form.data !== undefined && fields === null) setFields(form.data ? (form.data.fields as Draft[]) : [blank(1)]);
  }, [form.data, fields]);
  const save = useMutation({
    mutationFn: () => saveKycForm({ fields: fields ?? [] }),
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not save the form. Try again.'))),
  });
  if (form.isError) return <LoadError onRetry={() => void form.refetch()}>{errorMessage(form.error, t('Could not load the form.'))}</LoadError>;
  if (!fields) return <ListLoading label={t('Loading the form…')} />;
  const move = (i: number, by: number) => {
    const next = [...fields];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setFields(next);
  };
  return (
    <>
      <PageHeader
        title={t('Identity check form')}
        intro={form.data ? t('Version {version}. Saving makes a new version: submissions already sent keep theirs.', { version: form.data.version }) : t('No form yet: users cannot send an identity check until you save one.')}
      />
      <Card>
        <ol className="grid gap-3">
          {fields.map((f, i) => (
            <FieldEditor
              key={i}
              field={f}
              index={i}
              count={fields.length}
              onChange={(changed) => setFields(fields.map((x, j) => (j === i ? changed : x)))}
              onMove={(by) => move(i, by)}
              onRemove={() => setFields(fields.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setFields([...fields, blank(fields.length + 1)])}>
            {t('Add field')}
          </Button>
          <Button onClick={() => save.mutate()} disabled={save.isPending}>
            {save.isPending ? t('Saving…') : t('Save form')}
          </Button>
        </div>
      </Card>
    </>
  );
}
