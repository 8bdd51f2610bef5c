// docs/product.md#validation: recipient e-mail and points are required ("Please fill all the fields."); the points are sent
// as a number. The sender confirms the exact amount and recipient before anything moves.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { EMAIL_PATTERN, MSG, POINTS_MSG, SECURITY_MSG, centsToNumber, formatCents, transferBody } from '@app/contract';
import { FieldErrorsProvider, useFieldErrors } from '../../components/ui/field-errors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { AuthenticatorCodeInput } from '../../components/ui/authenticator-code-input';
import { PageHeader } from '../../components/ui/page';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { useIdempotencyKeys } from '../../lib/idempotency-key';
import { invalidateMoney, transferPoints, type TransferRequest } from './api';
import { AmountInput } from './amount-input';
import { AvailableBalance } from './available-balance';
import { parseOrToast } from '../../lib/validate';
import { msg, t } from '../../lib/i18n';

/** POINTS_MSG.transferred (the type keeps the two identical), shown when the server's answer has no message. */
const TRANSFERRED: typeof POINTS_MSG.transferred = msg('Points transferred successfully');

export function TransferPage() {
  const [recipientEmail, setRecipientEmail] = useState('');
  const [points, setPoints] = useState('');
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const { confirm, dialog } = useConfirm();
  const fields = useFieldErrors({
    [POINTS_MSG.recipientNotFound]: 'recipientEmail',
    [POINTS_MSG.selfTransfer]: 'recipientEmail',
    [POINTS_MSG.insufficient]: 'points',
    [SECURITY_MSG.codeInvalid]: 'code',
    [SECURITY_MSG.codeRequired]: 'code',
  });

  const mutation = useMutation({
    // A retry of the same transfer keeps its key whatever code it carries (the code is not the request).
    mutationFn: ({ code, ...body }: TransferRequest) =>
      keys.run(`POST /point/transfer ${JSON.stringify(body)}`, (key) => transferPoints(code ? { ...body, code } : body, key)),
    onSuccess: (data) => {
      toast.success(data.message || t(TRANSFERRED));
      setRecipientEmail('');
      setPoints('');
    },
    onError: (err) => {
      toast.error(errorMessage(err, t(MSG.transferError)));
      fields.markRefused(err);
    },
    onSettled: () => invalidateMoney(queryClient),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '') || undefined;
    const parsed = parseOrToast(transferBody, { recipientEmail, points }, fields);
    if (!parsed) return;
    if (!EMAIL_PATTERN.test(parsed.recipientEmail)) {
      toast.error(t(MSG.invalidEmail));
      fields.mark({ recipientEmail: t(MSG.invalidEmail) });
      return;
    }
    const body = { recipientEmail: parsed.recipientEmail, points: centsToNumber(parsed.points) };
    const ok = await confirm({
      title: t('Confirm transfer'),
      message: t('Send {points} points to {email}?', { points: formatCents(parsed.points), email: body.recipientEmail }),
    });
    if (ok) mutation.mutate({ ...body, code });
  };

  return (
    <section>
      <PageHeader
        title={t('Transfer')}
        intro={t('Send points to another member by their e-mail address. Transfers are immediate and cannot be undone.')}
      />
      <Card className="max-w-xl">
        <AvailableBalance />
        <form ref={fields.formRef} noValidate onSubmit={(e) => void submit(e)} aria-busy={mutation.isPending} className="mt-4 grid gap-4">
          <FieldErrorsProvider value={fields}>
            <Input
              label={t('Recipient e-mail')}
              name="recipientEmail"
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              value={recipientEmail}
              onChange={(e) => setRecipientEmail(e.target.value)}
              disabled={mutation.isPending}
            />
            <AmountInput
              label={t('Points')}
              name="points"
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              disabled={mutation.isPending}
              hint={t('At least 0.01, with up to 2 decimals.')}
            />
            <AuthenticatorCodeInput disabled={mutation.isPending} />
            <div>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? t('Sending…') : t('Send points')}
              </Button>
            </div>
          </FieldErrorsProvider>
        </form>
      </Card>
      {dialog}
    </section>
  );
}
