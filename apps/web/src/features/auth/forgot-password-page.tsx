import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { useAuthSubmit } from './use-auth-submit';
import { t } from '../../lib/i18n';

export function ForgotPasswordPage() {
  const { submit, pending, data, prefetch, fields } = useAuthSubmit({
    validate: ({ parseOrToast, forgotBody }, form, fields) => parseOrToast(forgotBody, { email: field(form, 'email') }, fields),
    call: ({ requestPasswordReset }, values) => requestPasswordReset(values),
  });

  return (
    <AuthCard
      title={t('Reset your password')}
      intro={t('Enter the e-mail of your account and we will send you a link to choose a new password.')}
      onSubmit={submit}
      onFirstUse={prefetch}
      fields={fields}
      footer={
        <Link to="/login" className={textLink}>
          {t('Back to login')}
        </Link>
      }
    >
      <Input label={t('E-mail')} name="email" type="email" autoComplete="email" required />
      <Button type="submit" disabled={pending}>
        {t('Send reset link')}
      </Button>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {data?.message ?? ''}
      </p>
    </AuthCard>
  );
}
