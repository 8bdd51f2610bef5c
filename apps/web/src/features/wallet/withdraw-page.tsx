// docs/product.md#validation: amount (min 0.01, step 0.01) and payment ID (where to pay, free text ≤ 128) are required.
// The server holds the amount at once (docs/money.md), so the balance shown drops as soon as it answers.
import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS, MSG, WITHDRAW_MSG, type TEXT_MSG, centsToNumber, formatCents, withdrawBody } from '@app/contract';
import { FieldErrorsProvider } from '../../components/ui/field-errors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { AuthenticatorCodeInput } from '../../components/ui/authenticator-code-input';
import { PageHeader } from '../../components/ui/page';
import { httpStatus } from '../../lib/api';
import { submitWithdrawal, type WithdrawRequest } from './api';
import { AmountInput } from './amount-input';
import { useWalletSubmit } from './wallet-submit';
import { AvailableBalance } from './available-balance';
import { WithdrawalTable } from './record-tables';
import { parseOrToast } from '../../lib/validate';
import { msg, t, Trans } from '../../lib/i18n';

/** WITHDRAW_MSG.submitted (the type keeps the two identical), shown when the server's answer has no message. */
const SUBMITTED: typeof WITHDRAW_MSG.submitted = msg('Withdrawal request submitted. The amount is held until it is processed.');
/** TEXT_MSG.paymentId: the form shows it under the payment id, in the current language. */
const PAYMENT_ID_ONE_LINE: typeof TEXT_MSG.paymentId = msg('Payment ID must be one line of text without control or direction characters');

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

export function WithdrawPage() {
  const [amount, setAmount] = useState('');
  const [paymentId, setPaymentId] = useState('');
  const money = useWalletSubmit({
    request: 'POST /withdraw',
    send: (body: WithdrawRequest, key) => submitWithdrawal(body, key),
    done: () => t(SUBMITTED),
    // The server refused (it answered) vs. the request never got an answer.
    failed: (err) => (httpStatus(err) === undefined ? t(MSG.withdrawError) : t(MSG.withdrawFailed)),
    fieldOfMessage: { [WITHDRAW_MSG.insufficient]: 'amount', [PAYMENT_ID_ONE_LINE]: 'paymentId' },
    onDone: () => {
      setAmount('');
      setPaymentId('');
    },
  });

  const { fields } = money;
  const prepare = () => {
    const parsed = parseOrToast(withdrawBody, { amount, paymentId }, fields);
    if (!parsed) return;
    const body = { amount: centsToNumber(parsed.amount), paymentId: parsed.paymentId };
    return {
      body,
      confirm: {
        title: t('Confirm withdrawal'),
        message: (
          <>
            <p>
              <Trans
                id="Withdraw {amount} points to payment ID <0>{paymentId}</0>?"
                values={{ amount: formatCents(parsed.amount), paymentId: body.paymentId }}
                components={{ 0: <strong className="break-all" /> }}
              />
            </p>
            <p className="mt-2">{t('The amount leaves your balance at once and is paid out when an admin processes the request.')}</p>
          </>
        ),
      },
    };
  };

  return (
    <section>
      <PageHeader title={t('Withdraw')} intro={t('Ask for a payout in USDT. Tell us where to pay you; an admin processes the request.')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <AvailableBalance />
          <form ref={fields.formRef} noValidate onSubmit={money.onSubmit(prepare)} aria-busy={money.pending} className="mt-4 grid gap-4">
            <FieldErrorsProvider value={fields}>
              <AmountInput
                label={t('Amount (USDT)')}
                name="amount"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                disabled={money.pending}
                hint={t('At least 0.01, with up to 2 decimals.')}
              />
              <Input
                label={t('Payment ID')}
                name="paymentId"
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={LIMITS.paymentIdMax}
                value={paymentId}
                onChange={(e) => setPaymentId(e.target.value)}
                disabled={money.pending}
                hint={t('Where we should pay you, e.g. your TRC20 wallet address (up to {max} characters).', { max: LIMITS.paymentIdMax })}
              />
              <AuthenticatorCodeInput disabled={money.pending} />
              <div>
                <Button type="submit" disabled={money.pending}>
                  {money.pending ? t('Submitting…') : t('Request withdrawal')}
                </Button>
              </div>
            </FieldErrorsProvider>
          </form>
          <p className="mt-3 text-sm">
            <Trans id="Some withdrawals need a verified identity: <0>verify your identity</0>." components={{ 0: <Link to="/user/verification" className={link} /> }} />
          </p>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t('Your withdrawals')}</h2>
          <div className="mt-2">
            <WithdrawalTable />
          </div>
          <p className="mt-3 text-sm">
            <Trans id="See everything on your <0>history</0>." components={{ 0: <Link to="/user/history" className={link} /> }} />
          </p>
        </Card>
      </div>
      {money.dialog}
    </section>
  );
}
