import { Link, useNavigate, useParams } from 'react-router';
import { ACCOUNT_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { useAuthSubmit } from './use-auth-submit';
import { useReturnTarget } from './return-target';

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
      title="Create your account"
      intro="Sign up to keep a points balance in USDT. We promise no returns; crypto is risky."
      onSubmit={submit}
      onFirstUse={prefetch}
      fields={fields}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={linkTo('/login')} className={textLink}>
            Login
          </Link>
        </p>
      }
    >
      <Input label="Full name" name="fullName" autoComplete="name" required />
      <Input label="Mobile number" name="phone" type="tel" autoComplete="tel" required />
      <Input label="E-mail" name="email" type="email" autoComplete="email" required />
      <Input
        label="Referral e-mail (optional)"
        name="refer"
        defaultValue={refer}
        hint="The e-mail or referral code of the member who invited you."
      />
      <Input
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 128 characters."
      />
      <Button type="submit" disabled={pending}>
        Sign up
      </Button>
    </AuthCard>
  );
}
