// docs/product.md#withdrawals: amount (min 0.01 or the WITHDRAW_MIN setting, step 0.01) and the payout address (a Tron address,
// its checksum checked while typing) are required; the fee and the net are shown before the user confirms. The server
// takes the amount at once (docs/money.md), so the balance shown drops as soon as it answers.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  LIMITS,
  MSG,
  WITHDRAW_MSG,
  type TEXT_MSG,
  centsToNumber,
  formatCents,
  parseCents,
  tronAddressProblem,
  withdrawBody,
  withdrawalFeeCents,
  type WithdrawRules,
} from '@app/contract';
import { FieldErrorsProvider } from '../../components/ui/field-errors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { AuthenticatorCodeInput } from '../../components/ui/authenticator-code-input';
import { PageHeader } from '../../components/ui/page';
import { httpStatus } from '../../lib/api';
import { fetchWithdrawRules, submitWithdrawal, type WithdrawRequest } from './api';
import { AmountInput } from './amount-input';
import { useWalletSubmit } from './wallet-submit';
import { AvailableBalance } from './available-balance';
import { WithdrawalTable } from './record-tables';
import { parseOrToast } from '../../lib/validate';
import { msg, t, Trans } from '../../lib/i18n';

/** WITHDRAW_MSG.submitted (the type keeps the two identical), shown when the server's answer has no message. */
const SUBMITTED: typeof WITHDRAW_MSG.submitted = msg('Withdrawal request submitted. The amount is held until it is processed.');
/** TEXT_MSG.paymentId: the form shows it under the payout address, in the current language. */
const PAYMENT_ID_ONE_LINE: typeof TEXT_MSG.paymentId = msg('Payout address must be one line of text without control or direction characters');

/** WITHDRAW_MSG.address and .checksum: the form's own check of the payout address, in the current language. */
const NOT_TRON: typeof WITHDRAW_MSG.address = msg('Payout address must be a Tron (TRC20) address: 34 characters starting with T, letters and digits only');
const BAD_CHECKSUM: typeof WITHDRAW_MSG.checksum = msg('Payout address is not a valid Tron address: its checksum does not match (check it for a typo)');

/** Fee and net (cents) of `amount` under `rules`, or null when the amount is not a valid amount yet. */
function feeAndNet(amount: string, rules: WithdrawRules | undefined): { fee: number; net: number } | null {
  const cents = parseCents(amount);
  if (cents === null || cents <= 0 || !rules) return null;
  const fee = withdrawalFeeCents(cents, { fixedCents: Math.round(rules.feeFixed * 100), percentBp: Math.round(rules.feePercent * 100) });
  return { fee, net: cents - fee };
}

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
    fieldOfMessage: { [WITHDRAW_MSG.insufficient]: 'amount', [PAYMENT_ID_ONE_LINE]: 'paymentId', [NOT_TRON]: 'paymentId', [BAD_CHECKSUM]: 'paymentId' },
    onDone: () => {
      setAmount('');
      setPaymentId('');
    },
  });

  const { fields } = money;
  const rules = useQuery({ queryKey: ['withdraw-rules'], queryFn: fetchWithdrawRules }).data;
  const costs = feeAndNet(amount, rules);
  // A full-length address whose last 4 bytes do not match: said while typing, before any request.
  const typed = paymentId.trim();
  const checksumWrong = typed.length === 34 && tronAddressProblem(typed) === 'checksum';
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
                id="Withdraw {amount} USDT to the payout address <0>{paymentId}</0>?"
                values={{ amount: formatCents(parsed.amount), paymentId: body.paymentId }}
                components={{ 0: <strong className="break-all" /> }}
              />
            </p>
            {costs && costs.fee > 0 && (
              <p className="mt-2" data-testid="withdraw-confirm-net">
                {t('Fee: {fee} USDT. You receive: {net} USDT.', { fee: formatCents(costs.fee), net: formatCents(costs.net) })}
              </p>
            )}
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
                hint={rules && rules.min > 0.01 ? t('At least {min}, with up to 2 decimals.', { min: formatCents(Math.round(rules.min * 100)) }) : t('At least 0.01, with up to 2 decimals.')}
              />
              {costs && (
                <p aria-live="polite" data-testid="withdraw-net" className="-mt-2 text-sm text-slate-700 dark:text-slate-200">
                  {t('Fee: {fee} USDT. You receive: {net} USDT.', { fee: formatCents(costs.fee), net: formatCents(Math.max(costs.net, 0)) })}
                </p>
              )}
              <Input
                label={t('Payout address')}
                name="paymentId"
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={LIMITS.paymentIdMax}
                value={paymentId}
                onChange={(e) => setPaymentId(e.target.value)}
                disabled={money.pending}
                hint={t('Your TRC20 (Tron) wallet address: 34 characters starting with T.')}
              />
              {checksumWrong && (
                <p role="alert" data-testid="payment-id-checksum" className="-mt-2 text-sm font-medium text-red-700 dark:text-red-300">
                  {t(BAD_CHECKSUM)}
                </p>
              )}
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
