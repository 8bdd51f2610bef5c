// Two-factor sign-in with an authenticator app: set up (a QR code drawn here, never by a third party), confirm with
// the first code, keep the recovery codes (shown once), or turn it off with a code or a recovery code.
import { useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FieldErrorsProvider, useFieldErrors, type FieldErrorState } from '../../components/ui/field-errors';
import { SECURITY_MSG } from '@app/contract';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { t } from '../../lib/i18n';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './api';
import { isReauthCancelled, useReauth } from './reauth';

const formValue = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '').trim();

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const withReauth = useReauth();
  const refreshMe = () => queryClient.invalidateQueries({ queryKey: ['me'] });
  const onError = (err: unknown) => {
    if (!isReauthCancelled(err)) toast.error(errorMessage(err, t('Something went wrong')));
  };
  const codeRefusals = { [SECURITY_MSG.codeInvalid]: 'code', [SECURITY_MSG.codeRequired]: 'code', [SECURITY_MSG.recoveryInvalid]: 'code' };
  const enableFields = useFieldErrors(codeRefusals);
  const disableFields = useFieldErrors({ ...codeRefusals, [SECURITY_MSG.passwordWrong]: 'password', [SECURITY_MSG.passwordRequired]: 'password' });
  // On the field the refusal is about, else a toast (docs/product.md#toasts).
  const onCodeError = (fields: FieldErrorState) => (err: unknown) => {
    if (!fields.markRefused(err)) onError(err);
  };

  // Turning it on needs sudo mode: the password is asked for in a dialog when the server says so.
  const start = useMutation({ mutationFn: () => withReauth(startTwoFactorSetup), onSuccess: (data) => setSetup({ secret: data.secret, otpauthUrl: data.otpauthUrl }), onError });
  const enable = useMutation({
    mutationFn: (code: string) => withReauth(() => enableTwoFactor(code)),
    onSuccess: async (data) => {
      toast.success(data.message);
      setSetup(null);
      setRecoveryCodes(data.recoveryCodes);
      await refreshMe();
    },
    onError: onCodeError(enableFields),
  });
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async (data) => {
      toast.success(data.message);
      setRecoveryCodes(null);
      await refreshMe();
    },
    onError: onCodeError(disableFields),
  });

  return (
    <Card>
      <h2 id="two-factor" className="text-lg font-semibold">
        {t('Two-factor sign-in')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {enabled
          ? t('On: signing in, withdrawing, transferring and changing your password need a code from your authenticator app.')
          : t('Off: your password alone signs you in. Turn it on with an authenticator app (such as Aegis, Google Authenticator or 1Password).')}
      </p>

      {recoveryCodes && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950">
          <h3 className="font-semibold">{t('Your recovery codes')}</h3>
          <p className="mt-1 text-sm">{t('Each works once, if you lose your phone. They are shown only now: save or print them.')}</p>
          {/* data-keep-clear: shown once, so no toast may cover it (components/ui/toaster.tsx). */}
          <ul aria-label={t('Recovery codes')} dir="ltr" data-keep-clear className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}

      {!enabled && !setup && (
        <Button className="mt-4" onClick={() => start.mutate()} disabled={start.isPending}>
          {t('Set up two-factor sign-in')}
        </Button>
      )}

      {!enabled && setup && (
        <form
          ref={enableFields.formRef}
          className="mt-4 flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            enable.mutate(formValue(e, 'code'));
          }}
        >
          <p className="text-sm">{t('1. Scan this QR code with your authenticator app, or type the key by hand.')}</p>
          <div className="inline-block self-start rounded-lg bg-white p-3" data-keep-clear>
            <QRCodeSVG value={setup.otpauthUrl} size={176} level="M" role="img" aria-label={t('QR code for your authenticator app')} />
          </div>
          <p className="text-sm" data-keep-clear>
            {t('Key:')}{' '}
            <code className="break-all font-mono" dir="ltr" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <FieldErrorsProvider value={enableFields}>
            <Input label={t('2. Enter the 6-digit code the app shows')} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required />
          </FieldErrorsProvider>
          <Button type="submit" className="self-start" disabled={enable.isPending}>
            {t('Turn on')}
          </Button>
        </form>
      )}

      {enabled && (
        <form
          ref={disableFields.formRef}
          className="mt-4 flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const code = formValue(e, 'code');
            const password = String(new FormData(e.currentTarget).get('password') ?? '');
            disable.mutate({ ...(/^\d[\d ]*$/.test(code) ? { code } : { recoveryCode: code }), password });
          }}
        >
          {/* The password and the code together re-authenticate (sudo mode): no second code is asked. */}
          <FieldErrorsProvider value={disableFields}>
            <Input label={t('Your password')} name="password" type="password" autoComplete="current-password" required />
            <Input label={t('Code from your app, or a recovery code')} name="code" autoComplete="one-time-code" required />
          </FieldErrorsProvider>
          <Button type="submit" variant="danger" className="self-start" disabled={disable.isPending}>
            {t('Turn off two-factor sign-in')}
          </Button>
        </form>
      )}
    </Card>
  );
}
