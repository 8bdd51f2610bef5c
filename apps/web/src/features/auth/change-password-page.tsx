import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MSG, SECURITY_MSG, changePasswordBody } from '@app/contract';
import { useFieldErrors } from '../../components/ui/field-errors';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthenticatorCodeInput } from '../../components/ui/authenticator-code-input';
import { AuthCard, field, textLink } from './auth-card';
import { changePassword } from './api';
import { parseOrToast } from '../../lib/validate';
import { t } from '../../lib/i18n';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const fields = useFieldErrors({
    [ACCOUNT_MSG.oldPasswordWrong]: 'oldPassword',
    [SECURITY_MSG.codeInvalid]: 'code',
    [SECURITY_MSG.codeRequired]: 'code',
  });
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof changePassword>[0]) => changePassword(body, fields.markRefused),
    onSuccess: async (data) => {
      if (data) await navigate('/user/profile');
    },
  });

  const submit = (form: FormData) => {
    const parsed = parseOrToast(changePasswordBody, {
      oldPassword: field(form, 'oldPassword'),
      newPassword: field(form, 'newPassword'),
    }, fields);
    if (!parsed) return;
    const code = field(form, 'code');
    mutation.mutate(code ? { ...parsed, code } : parsed);
  };

  return (
    <AuthCard
      title={t('Change password')}
      onSubmit={submit}
      fields={fields}
      footer={
        <Link to="/user/profile" className={textLink}>
          {t('Back to profile')}
        </Link>
      }
    >
      <Input label={t('Old password')} name="oldPassword" type="password" autoComplete="current-password" required />
      <Input
        label={t('New password')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={t('8 to 128 characters.')}
      />
      <AuthenticatorCodeInput />
      <Button type="submit" disabled={mutation.isPending}>
        {t('Change password')}
      </Button>
    </AuthCard>
  );
}
