// Subscribing with a code an admin generated (POST /subscription/apply-code): free, the code is used once.
// The server reads the code leniently (case, dashes, spaces) and answers unknown or used codes with its message.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SUBSCRIPTION_CODE_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldErrorsProvider, useFieldErrors } from '../../components/ui/field-errors';
import { errorMessage } from '../../lib/api';
import { refreshMe } from '../../lib/session-cache';
import { toast } from '../../lib/toast';
import { applySubscriptionCode } from './api';
import { msg, t } from '../../lib/i18n';

// SUBSCRIPTION_CODE_MSG's texts (the types keep them identical), in the current language.
const APPLIED: typeof SUBSCRIPTION_CODE_MSG.applied = msg('Subscription activated successfully');
const REQUIRED: typeof SUBSCRIPTION_CODE_MSG.required = msg('Please enter a subscription code');

export function SubscriptionCodeForm() {
  const [code, setCode] = useState('');
  const fields = useFieldErrors({
    [SUBSCRIPTION_CODE_MSG.unknown]: 'code',
    [SUBSCRIPTION_CODE_MSG.used]: 'code',
    [SUBSCRIPTION_CODE_MSG.required]: 'code',
  });
  const mutation = useMutation({
    mutationFn: applySubscriptionCode,
    onSuccess: async (data) => {
      toast.success(data.message || t(APPLIED));
      setCode('');
      await refreshMe();
    },
    onError: (err) => {
      // On the code field when it is about the code, else a toast (docs/product.md#toasts).
      if (!fields.markRefused(err)) toast.error(errorMessage(err, t('Could not apply the code. Try again.')));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      fields.mark({ code: t(REQUIRED) });
      return;
    }
    mutation.mutate(code);
  };
  return (
    <form ref={fields.formRef} className="mt-4 flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
      <FieldErrorsProvider value={fields}>
      <Input
        label={t('Subscription code')}
        name="code"
        hint={t('Have a code from us? It activates the subscription for free.')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        className="font-mono uppercase"
      />
      <Button type="submit" variant="secondary" disabled={mutation.isPending}>
        {mutation.isPending ? t('Applying…') : t('Apply code')}
      </Button>
      </FieldErrorsProvider>
    </form>
  );
}
