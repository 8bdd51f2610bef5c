// The "code from your authenticator app" field of the forms that need one when two-factor sign-in is on
// (withdrawal, transfer, password change). Renders nothing for an account without it.
import type { InputHTMLAttributes } from 'react';
import { useSession } from '../../lib/session';
import { Input } from './input';
import { t } from '../../lib/i18n';

export function useNeedsAuthenticatorCode(): boolean {
  return Boolean(useSession().user?.twoFactor);
}

export function AuthenticatorCodeInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  if (!useNeedsAuthenticatorCode()) return null;
  return (
    <Input
      label={t('Code from your authenticator app')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required
      hint={t('Two-factor sign-in is on: enter the 6-digit code your app shows now.')}
      {...props}
    />
  );
}
