import { Link, useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { resetBody } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { resetPassword } from './api';
import { parseOrToast } from '../../lib/validate';

export function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (body: { password: string }) => resetPassword(resetToken, body),
    onSuccess: async (data) => {
      if (data) await navigate('/login');
    },
  });

  const submit = (form: FormData) => {
    const parsed = parseOrToast(resetBody, { password: field(form, 'password') });
    if (!parsed) return;
    mutation.mutate(parsed);
  };

  return (
    <AuthCard
      title="Choose a new password"
      onSubmit={submit}
      footer={
        <Link to="/login" className={textLink}>
          Back to login
        </Link>
      }
    >
      <Input
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 128 characters."
      />
      <Button type="submit" disabled={mutation.isPending}>
        Reset password
      </Button>
    </AuthCard>
  );
}
