// docs/product.md#behaviour: Save is enabled only when name or phone differs from the loaded profile; after a save the
// profile is re-read. The parent remounts this form (key) whenever the loaded profile changes.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { MSG, updateProfileBody } from '@app/contract';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldErrorsProvider, useFieldErrors } from '../../components/ui/field-errors';
import type { User } from '../../lib/auth-storage';
import { errorMessage } from '../../lib/api';
import { refreshMe } from '../../lib/session-cache';
import { updateProfile } from './api';
import { parseOrToast } from '../../lib/validate';
import { t } from '../../lib/i18n';

export function ProfileForm({ user }: { user: User }) {
  const [fullName, setFullName] = useState(user.fullName);
  const [phone, setPhone] = useState(user.phone);
  const changed = fullName !== user.fullName || phone !== user.phone;
  const fields = useFieldErrors();

  const mutation = useMutation({
    mutationFn: async (body: { fullName: string; phone: string }) => {
      const id = toast.loading(t(MSG.loading.update));
      try {
        const { data } = await updateProfile(user._id, body);
        toast.success(data.message || t('Profile updated'), { id });
      } catch (err) {
        toast.error(errorMessage(err, t('Could not update your profile')), { id });
        throw err;
      }
    },
    onSettled: () => refreshMe(),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseOrToast(updateProfileBody, { fullName, phone }, fields);
    if (!parsed) return;
    mutation.mutate({ fullName: parsed.fullName ?? fullName, phone: parsed.phone ?? phone });
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Your details')}</h2>
      <form ref={fields.formRef} noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <FieldErrorsProvider value={fields}>
        <Input label={t('Full name')} name="fullName" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
        <Input label={t('Phone')} name="phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <Input label={t('E-mail')} name="email" dir="ltr" value={user.email} readOnly />
        <Input label={t('Role')} name="role" value={user.role} readOnly />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!changed || mutation.isPending}>
            {t('Save')}
          </Button>
        </div>
        </FieldErrorsProvider>
      </form>
    </Card>
  );
}
