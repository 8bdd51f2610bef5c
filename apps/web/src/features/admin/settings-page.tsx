// Platform settings (docs/operations.md), super admin only: one field per setting of the contract's registry, checked with
// the same schema the server applies. Only the fields that differ from the stored values are sent; each save is
// audited on the server and reaches every instance within seconds.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTINGS, SETTING_NAMES, SETTINGS_MSG, type SettingDefinition, type SettingName, type SettingsUpdateBody, type SettingsValues } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { reloadAppConfig } from '../../lib/config';
import { t, Trans } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { adminKeys, fetchSettings, saveSettings, settingsKey } from './api';
import { settingText } from './settings-texts';

type Draft = Record<SettingName, string>;

const INPUT_TYPE: Partial<Record<SettingName, { type: string; inputMode?: 'decimal' | 'numeric' | 'email' | 'tel'; autoComplete?: string }>> = {
  supportEmail: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  supportPhone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
};

const asText = (name: SettingName, value: string | number) => (SETTINGS[name].kind === 'amount' ? Number(value).toFixed(2) : String(value));
const toDraft = (values: SettingsValues): Draft => Object.fromEntries(SETTING_NAMES.map((n) => [n, asText(n, values[n])])) as Draft;

function SettingField({ name, value, error, disabled, onChange }: { name: SettingName; value: string; error?: string; disabled: boolean; onChange: (v: string) => void }) {
  const id = useId();
  const def = SETTINGS[name];
  const kind =
    def.kind === 'amount'
      ? { type: 'text', inputMode: 'decimal' as const, autoComplete: 'off' }
      : def.kind === 'count'
        ? { type: 'text', inputMode: 'numeric' as const, autoComplete: 'off' }
        : (INPUT_TYPE[name] ?? { type: 'text', autoComplete: 'off' });
  const choices = (def as SettingDefinition).choices;
  const common = {
    id,
    name,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-hint${error ? ` ${id}-error` : ''}`,
    // Addresses, URLs, keys, e-mails, phone numbers and amounts read left to right in Arabic too.
    dir: choices ? undefined : 'ltr',
    className: `w-full min-w-0 rounded-lg border bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
      error ? 'border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-500'
    }`,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {settingText(def.label)}
        {def.kind === 'amount' && <span className="font-normal text-slate-600 dark:text-slate-300"> (USDT)</span>}
      </label>
      {choices ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {settingText(c)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          {...kind}
          spellCheck={false}
          // A secret arrives masked: focusing selects it all, so what is typed replaces it rather than joining the dots.
          onFocus={(def as SettingDefinition).secret ? (e) => e.currentTarget.select() : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
        {settingText(def.help)}{' '}
        {/* The variable's name is a code: one piece, left to right and never translated, in Arabic too; the
            sentence around it may wrap (the Arabic one is longer than a phone's width). */}
        <Trans
          id="First-start default: <0>{env}</0>."
          values={{ env: def.env }}
          components={{ 0: <span dir="ltr" translate="no" className="whitespace-nowrap" /> }}
        />
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function SettingsForm({ stored }: { stored: SettingsValues }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(stored));
  const [errors, setErrors] = useState<Partial<Record<SettingName, string>>>({});
  const saved = toDraft(stored);
  const changed = SETTING_NAMES.filter((n) => draft[n].trim() !== saved[n]);

  const mutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: (data) => {
      toast.success(data.message);
      queryClient.setQueryData(settingsKey, data);
      setDraft(toDraft(data.settings));
      void reloadAppConfig(); // this tab's footer and pages show the new values at once
    },
    onError: (err) => toast.error(errorMessage(err, t('Could not save the settings.'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (changed.length === 0) {
      toast(settingText(SETTINGS_MSG.unchanged));
      return;
    }
    const body: SettingsUpdateBody = {};
    const found: Partial<Record<SettingName, string>> = {};
    for (const n of changed) {
      const parsed = SETTINGS[n].schema.safeParse(draft[n]);
      if (parsed.success) body[n] = draft[n].trim();
      else found[n] = settingText(parsed.error.issues[0]?.message ?? t('Invalid value'));
    }
    setErrors(found);
    const first = SETTING_NAMES.find((n) => found[n]);
    if (first) {
      // Each message stays on its field, not repeated as a toast (docs/product.md#toasts). The first field in
      // error gets the focus (and scrolls into view), its message read with it.
      (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    mutation.mutate(body);
  };

  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        {t('Platform settings')}
      </h2>
      <form aria-labelledby={headingId} noValidate onSubmit={submit} className="mt-4 grid gap-5">
        {SETTING_NAMES.map((n) => (
          <SettingField
            key={n}
            name={n}
            value={draft[n]}
            error={errors[n]}
            disabled={mutation.isPending}
            onChange={(v) => {
              setDraft((d) => ({ ...d, [n]: v }));
              setErrors((e) => ({ ...e, [n]: undefined }));
            }}
          />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('Saving…') : t('Save settings')}
          </Button>
          <Button
            variant="secondary"
            disabled={mutation.isPending || changed.length === 0}
            onClick={() => {
              setDraft(saved);
              setErrors({});
            }}
          >
            {t('Undo changes')}
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {changed.length === 0
              ? t('No unsaved changes.')
              : t('{count, plural, one {{count} unsaved change.} other {{count} unsaved changes.}}', { count: changed.length })}
          </p>
        </div>
      </form>
    </Card>
  );
}

export function SettingsPage() {
  const query = useQuery({ queryKey: settingsKey, queryFn: fetchSettings, refetchOnMount: 'always' });
  return (
    <section>
      <PageHeader
        title={t('Settings')}
        intro={t(
          'How the platform runs and what users see of it: the deposit address, prices, contacts, limits and policies. Each change is recorded in the audit log and reaches every server within seconds.',
        )}
      />
      {query.data ? (
        // Keyed by the stored values: a save (or a change another admin made) resets the form to what is stored.
        <SettingsForm key={JSON.stringify(query.data.settings)} stored={query.data.settings} />
      ) : query.isPending ? (
        <ListLoading label={t('Loading the settings…')} />
      ) : (
        <LoadError onRetry={() => void query.refetch()}>{errorMessage(query.error, t('Could not load the settings.'))}</LoadError>
      )}
    </section>
  );
}
