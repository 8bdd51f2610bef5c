import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard, field, textLink } from './auth-card';
import { useAuthSubmit } from './use-auth-submit';
import { t } from '../../lib/i18n';

export function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const navigate = useNavigate();
  const { submit, pending, prefetch, fields } = useAuthSubmit({
    validate: ({ parseOrToast, resetBody }, form, fields) => parseOrToast(resetBody, { password: field(form, 'password') }, fields),
    call: ({ resetPassword }, values) => resetPassword(resetToken, values),
    onSuccess: async (data) => {
      if (data) await navigate('/login');
    },
  });

  return (
    <AuthCard
      title={t('Choose a new password')}
      onSubmit={submit}
      onFirstUse={prefetch}
      fields={fields}
      footer={
        <Link to="/login" className={textLink}>
          {t('Back to login')}
        </Link>
      }
    >
      <Input
        label={t('New password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('8 to 128 characters.')}
      />
      <Button type="submit" disabled={pending}>
        {t('Reset password')}
      </Button>
    </AuthCard>
  );
}
