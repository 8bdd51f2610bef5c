import { Link, useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { registerBody } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { startSession } from '../../lib/session';
import { AuthCard, field, textLink } from './auth-card';
import { registerUser } from './api';
import { parseOrToast } from '../../lib/validate';

export function SignupPage() {
  const { refer = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: registerUser,
    onSuccess: async (data) => {
      if (!data?.user) return;
      startSession(data.user);
      await navigate('/user/profile');
    },
  });

  const submit = (form: FormData) => {
    const parsed = parseOrToast(registerBody, {
      fullName: field(form, 'fullName'),
      phone: field(form, 'phone'),
      email: field(form, 'email'),
      password: field(form, 'password'),
      refer: field(form, 'refer'),
    });
    if (!parsed) return;
    const { refer: referral, ...rest } = parsed;
    mutation.mutate(referral ? { ...rest, refer: referral } : rest);
  };

  return (
    <AuthCard
      title="Create your account"
      intro="Sign up to keep a points balance in USDT. We promise no returns; crypto is risky."
      onSubmit={submit}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className={textLink}>
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
      <Button type="submit" disabled={mutation.isPending}>
        Sign up
      </Button>
    </AuthCard>
  );
}
