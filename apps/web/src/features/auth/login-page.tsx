import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { useAuthSubmit } from './use-auth-submit';
import { SecondStep } from './second-step';
import { useReturnTarget } from './return-target';
import { t, Trans } from '../../lib/i18n';

export function LoginPage() {
  const navigate = useNavigate();
  const { landing, linkTo } = useReturnTarget();
  // With two-factor sign-in on, the right password opens the second step instead of a session.
  const [secondStep, setSecondStep] = useState(false);
  const passkey = useAuthSubmit({
    validate: () => ({}),
    call: ({ signInWithPasskey }) => signInWithPasskey(),
    onSuccess: async (data, { startSession }) => {
      if (!data?.user) return;
      startSession(data.user);
      await navigate(landing);
    },
  });
  const { submit, pending, prefetch, fields } = useAuthSubmit({
    validate: ({ parseOrToast, loginBody }, form, fields) =>
      parseOrToast(loginBody, { email: field(form, 'email'), password: field(form, 'password') }, fields),
    call: ({ loginUser }, values, onRefused) => loginUser(values, onRefused),
    onSuccess: async (data, { startSession }) => {
      if (data?.twoFactorRequired) setSecondStep(true);
      if (!data?.user) return;
      startSession(data.user);
      await navigate(landing);
    },
  });

  if (secondStep) return <SecondStep landing={landing} onRestart={() => setSecondStep(false)} />;

  return (
    <AuthCard
      title={t('Login')}
      onSubmit={submit}
      onFirstUse={prefetch}
      fields={fields}
      footer={
        <div className="flex flex-col gap-2">
          <p>
            <Link to="/user/profile/reset-password" className={textLink}>
              {t('Forgot password?')}
            </Link>
          </p>
          <p>
            <Trans id="New here? <0>Create an account</0>" components={{ 0: <Link to={linkTo('/signup')} className={textLink} /> }} />
          </p>
        </div>
      }
    >
      <Input label={t('E-mail')} name="email" type="email" autoComplete="email" required />
      <Input label={t('Password')} name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={pending}>
        {t('Login')}
      </Button>
      <Button variant="secondary" disabled={passkey.pending} onClick={() => passkey.submit(new FormData())}>
        {t('Sign in with a passkey')}
      </Button>
    </AuthCard>
  );
}
