// The second step of a sign-in with two-factor sign-in on (docs/product.md#security-rules): a code from the authenticator app, a recovery
// code, or a passkey of this account; within 5 minutes of the password step.
import { useNavigate } from 'react-router';
import { SECURITY_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { User } from '../../lib/auth-storage';
import { AuthCard, field, textLink } from './auth-card';
import { useAuthSubmit } from './use-auth-submit';
import { t } from '../../lib/i18n';

export function SecondStep({ landing, onRestart }: { landing: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const finish = async (data: { user?: User } | null, startSession: (user: User) => void) => {
    if (!data?.user) return;
    startSession(data.user);
    await navigate(landing);
  };
  const code = useAuthSubmit({
    fieldOfMessage: { [SECURITY_MSG.codeInvalid]: 'code', [SECURITY_MSG.recoveryInvalid]: 'code' },
    validate: (_deps, form) => {
      const value = field(form, 'code').trim();
      // Digits are an app's code; anything else is a recovery code (the server says which is wrong).
      return /^[\d ]+$/.test(value) || value === '' ? { code: value } : { recoveryCode: value };
    },
    call: ({ finishSecondStep }, body, onRefused) => finishSecondStep(body, onRefused),
    onSuccess: (data, { startSession }) => finish(data, startSession),
  });
  const passkey = useAuthSubmit({
    validate: () => ({}),
    call: ({ signInWithPasskey }) => signInWithPasskey(),
    onSuccess: (data, { startSession }) => finish(data, startSession),
  });

  return (
    <AuthCard
      title={t('Enter your code')}
      intro={t('Open your authenticator app and enter the 6-digit code it shows for USDT Points. Lost your phone? Enter one of your recovery codes.')}
      onSubmit={code.submit}
      onFirstUse={code.prefetch}
      fields={code.fields}
      footer={
        <button type="button" className={textLink} onClick={onRestart}>
          {t('Start again with your password')}
        </button>
      }
    >
      <Input label={t('Code')} name="code" autoComplete="one-time-code" autoFocus required />
      <Button type="submit" disabled={code.pending}>
        {t('Verify')}
      </Button>
      <Button variant="secondary" disabled={passkey.pending} onClick={() => passkey.submit(new FormData())}>
        {t('Use a passkey instead')}
      </Button>
    </AuthCard>
  );
}
