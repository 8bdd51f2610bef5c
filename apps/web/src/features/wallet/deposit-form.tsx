// A deposit claim (docs/product.md#validation): a free amount or one of the VIP package amounts, plus the transaction ID.
// It moves no money; the claim shows as Pending in the list below until an admin approves it.
import { useState } from 'react';
import { LIMITS, MSG, VIP_PACKAGES, centsToNumber, depositBody, formatPoints, type DEPOSIT_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FieldErrorsProvider } from '../../components/ui/field-errors';
import { RadioCard } from '../../components/ui/radio-card';
import { submitDeposit, type DepositRequest } from './api';
import { AmountInput } from './amount-input';
import { useWalletSubmit } from './wallet-submit';
import { parseOrToast } from '../../lib/validate';
import { msg, t } from '../../lib/i18n';
import { useAppConfig } from '../../lib/config';

/** DEPOSIT_MSG.submitted (the type keeps the two identical), shown when the server's answer has no message. */
const SUBMITTED: typeof DEPOSIT_MSG.submitted = msg('Deposit request submitted. It will be credited once approved.');

export function PackagePicker({ value, onChange, disabled }: { value: string; onChange: (amount: string) => void; disabled: boolean }) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium">{t('Choose a package')}</legend>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {VIP_PACKAGES.map((pkg) => {
          const amount = String(pkg.amount);
          return (
            <RadioCard
              key={pkg.name}
              name="package"
              value={amount}
              checked={value === amount}
              onChange={() => onChange(amount)}
              title={pkg.name}
              detail={`${formatPoints(pkg.amount)} USDT`}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

export function DepositForm({ mode, disabled, initialAmount = '' }: { mode: 'free' | 'package'; disabled: boolean; initialAmount?: string }) {
  const [amount, setAmount] = useState(initialAmount);
  const [transactionId, setTransactionId] = useState('');
  // MIN_DEPOSIT (a live setting): the server refuses smaller claims with the same minimum.
  const { minDeposit } = useAppConfig();
  const money = useWalletSubmit({
    request: 'POST /deposit/deposit',
    send: (body: DepositRequest, key) => submitDeposit(body, key),
    done: () => t(SUBMITTED),
    failed: () => t(MSG.depositFailed),
    onDone: () => {
      setAmount('');
      setTransactionId('');
    },
  });

  const { fields } = money;
  const prepare = () => {
    if (disabled) return;
    const parsed = parseOrToast(depositBody, { amount, transactionId }, fields);
    if (!parsed) return;
    return { body: { amount: centsToNumber(parsed.amount), transactionId: parsed.transactionId } };
  };

  const busy = disabled || money.pending;
  return (
    <Card>
      <h2 className="text-lg font-semibold">{mode === 'package' ? t('Buy a package') : t('Deposit form')}</h2>
      <form ref={fields.formRef} noValidate onSubmit={money.onSubmit(prepare)} aria-busy={money.pending} className="mt-4 grid gap-4">
        <FieldErrorsProvider value={fields}>
        {mode === 'package' ? (
          <PackagePicker value={amount} onChange={setAmount} disabled={busy} />
        ) : (
          <AmountInput
            label={t('Amount (USDT)')}
            name="amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            disabled={busy}
            min={String(minDeposit)}
            hint={t('At least {min}, with up to 2 decimals.', { min: formatPoints(minDeposit) })}
          />
        )}
        <Input
          label={t('Transaction ID')}
          name="transactionId"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={LIMITS.transactionIdMax}
          value={transactionId}
          onChange={(e) => setTransactionId(e.target.value)}
          disabled={busy}
          hint={t('The TxID of your TRC20 transfer, as shown in your wallet.')}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {money.pending ? t('Submitting…') : t('Submit deposit')}
          </Button>
        </div>
        </FieldErrorsProvider>
      </form>
    </Card>
  );
}
