import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { forgotBody } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { requestPasswordReset } from './api';
import { parseOrToast } from '../../lib/validate';

export function ForgotPasswordPage() {
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const submit = (form: FormData) => {
    const parsed = parseOrToast(forgotBody, { email: field(form, 'email') });
    if (!parsed) return;
    mutation.mutate(parsed);
  };

  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the e-mail of your account and we will send you a link to choose a new password."
      onSubmit={submit}
      footer={
        <Link to="/login" className={textLink}>
          Back to login
        </Link>
      }
    >
      <Input label="E-mail" name="email" type="email" autoComplete="email" required />
      <Button type="submit" disabled={mutation.isPending}>
        Send reset link
      </Button>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {mutation.data?.message ?? ''}
      </p>
    </AuthCard>
  );
}
