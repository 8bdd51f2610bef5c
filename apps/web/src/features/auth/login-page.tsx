import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { loginBody } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { startSession } from '../../lib/session';
import { AuthCard, field, textLink } from './auth-card';
import { loginUser } from './api';
import { parseOrToast } from '../../lib/validate';

export function LoginPage() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: loginUser,
    onSuccess: async (data) => {
      if (!data?.user) return;
      startSession(data.user);
      await navigate('/user/profile');
    },
  });

  const submit = (form: FormData) => {
    const parsed = parseOrToast(loginBody, { email: field(form, 'email'), password: field(form, 'password') });
    if (!parsed) return;
    mutation.mutate(parsed);
  };

  return (
    <AuthCard
      title="Login"
      onSubmit={submit}
      footer={
        <div className="flex flex-col gap-2">
          <p>
            <Link to="/user/profile/reset-password" className={textLink}>
              Forgot password?
            </Link>
          </p>
          <p>
            New here?{' '}
            <Link to="/signup" className={textLink}>
              Create an account
            </Link>
          </p>
        </div>
      }
    >
      <Input label="E-mail" name="email" type="email" autoComplete="email" required />
      <Input label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={mutation.isPending}>
        Login
      </Button>
    </AuthCard>
  );
}
