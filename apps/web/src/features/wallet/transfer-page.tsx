// docs/product.md#validation: recipient e-mail and points are required ("Please fill all the fields."); the points are sent
// as a number. The sender confirms the exact amount and recipient before anything moves.
import { useState } from 'react';
import { EMAIL_PATTERN, MSG, POINTS_MSG, centsToNumber, formatCents, transferBody } from '@app/contract';
import { FieldErrorsProvider } from '../../components/ui/field-errors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { AuthenticatorCodeInput } from '../../components/ui/authenticator-code-input';
import { PageHeader } from '../../components/ui/page';
import { transferPoints, type TransferRequest } from './api';
import { AmountInput } from './amount-input';
import { useWalletSubmit } from './wallet-submit';
import { AvailableBalance } from './available-balance';
import { parseOrToast } from '../../lib/validate';
import { msg, t } from '../../lib/i18n';

/** POINTS_MSG.transferred (the type keeps the two identical), shown when the server's answer has no message. */
const TRANSFERRED: typeof POINTS_MSG.transferred = msg('Points transferred successfully');

export function TransferPage() {
  const [recipientEmail, setRecipientEmail] = useState('');
  const [points, setPoints] = useState('');
  const money = useWalletSubmit({
    request: 'POST /point/transfer',
    send: (body: TransferRequest, key) => transferPoints(body, key),
    done: () => t(TRANSFERRED),
    failed: () => t(MSG.transferError),
    fieldOfMessage: {
      [POINTS_MSG.recipientNotFound]: 'recipientEmail',
      [POINTS_MSG.selfTransfer]: 'recipientEmail',
      [POINTS_MSG.insufficient]: 'points',
    },
    onDone: () => {
      setRecipientEmail('');
      setPoints('');
    },
  });

  const { fields } = money;
  const prepare = () => {
    const parsed = parseOrToast(transferBody, { recipientEmail, points }, fields);
    if (!parsed) return;
    if (!EMAIL_PATTERN.test(parsed.recipientEmail)) {
      fields.mark({ recipientEmail: t(MSG.invalidEmail) });
      return;
    }
    const body = { recipientEmail: parsed.recipientEmail, points: centsToNumber(parsed.points) };
    return {
      body,
      confirm: {
        title: t('Confirm transfer'),
        message: t('Send {points} points to {email}?', { points: formatCents(parsed.points), email: body.recipientEmail }),
      },
    };
  };

  return (
    <section>
      <PageHeader
        title={t('Transfer')}
        intro={t('Send points to another member by their e-mail address. Transfers are immediate and cannot be undone.')}
      />
      <Card className="max-w-xl">
        <AvailableBalance />
        <form ref={fields.formRef} noValidate onSubmit={money.onSubmit(prepare)} aria-busy={money.pending} className="mt-4 grid gap-4">
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
              disabled={money.pending}
            />
            <AmountInput
              label={t('Points')}
              name="points"
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              disabled={money.pending}
              hint={t('At least 0.01, with up to 2 decimals.')}
            />
            <AuthenticatorCodeInput disabled={money.pending} />
            <div>
              <Button type="submit" disabled={money.pending}>
                {money.pending ? t('Sending…') : t('Send points')}
              </Button>
            </div>
          </FieldErrorsProvider>
        </form>
      </Card>
      {money.dialog}
    </section>
  );
}
