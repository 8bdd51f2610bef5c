import { Link, useNavigate, useParams } from 'react-router';
import { ACCOUNT_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { useAuthSubmit } from './use-auth-submit';
import { useReturnTarget } from './return-target';
import { t, Trans } from '../../lib/i18n';

export function SignupPage() {
  const { refer = '' } = useParams();
  const navigate = useNavigate();
  const { landing, linkTo } = useReturnTarget();
  const { submit, pending, prefetch, fields } = useAuthSubmit({
    fieldOfMessage: { [ACCOUNT_MSG.emailTaken]: 'email' },
    validate: ({ parseOrToast, registerBody }, form, fields) =>
      parseOrToast(registerBody, {
        fullName: field(form, 'fullName'),
        phone: field(form, 'phone'),
        email: field(form, 'email'),
        password: field(form, 'password'),
        refer: field(form, 'refer'),
      }, fields),
    call: ({ registerUser }, { refer: referral, ...rest }, onRefused) =>
      registerUser(referral ? { ...rest, refer: referral } : rest, onRefused),
    onSuccess: async (data, { startSession }) => {
      if (!data?.user) return;
      startSession(data.user);
      await navigate(landing);
    },
  });

  return (
    <AuthCard
      title={t('Create your account')}
      intro={t('Sign up to keep a points balance in USDT. We promise no returns; crypto is risky.')}
      onSubmit={submit}
      onFirstUse={prefetch}
      fields={fields}
      footer={
        <p>
          <Trans id="Already have an account? <0>Login</0>" components={{ 0: <Link to={linkTo('/login')} className={textLink} /> }} />
        </p>
      }
    >
      <Input label={t('Full name')} name="fullName" autoComplete="name" required />
      <Input label={t('Mobile number')} name="phone" type="tel" autoComplete="tel" required />
      <Input label={t('E-mail')} name="email" type="email" autoComplete="email" required />
      <Input
        label={t('Referral e-mail (optional)')}
        name="refer"
        defaultValue={refer}
        hint={t('The e-mail or referral code of the member who invited you.')}
      />
      <Input
        label={t('Password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('8 to 128 characters.')}
      />
      <Button type="submit" disabled={pending}>
        {t('Sign up')}
      </Button>
    </AuthCard>
  );
}
