// Deposits confirmed on the chain (decision 013): the user picks an amount and gets the exact amount to send (amount +
// 0.00–0.99, unique among open requests), the address with its QR code, and a countdown; the page then follows the
// request (awaiting → confirming → credited, or expired) without a reload and re-reads the balance once credited.
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centsToNumber, depositRequestBody, formatPoints, type DepositRequestRecord } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { parseOrToast } from '../../lib/validate';
import { AmountInput } from './amount-input';
import { AvailableBalance } from './available-balance';
import { CopyButton } from '../../components/ui/copy-button';
import { PackagePicker } from './deposit-form';
import { createPaymentRequest, fetchPaymentRequest, paymentRequestKey } from './chain-api';
import { invalidateMoney } from './api';
import { msg, t } from '../../lib/i18n';
import { useAppConfig } from '../../lib/config';

const DepositQr = lazy(async () => ({ default: (await import('./deposit-qr')).DepositQr }));

const STATUS_TEXT: Record<DepositRequestRecord['status'], string> = {
  awaiting: msg('Waiting for your payment'),
  confirming: msg('Payment seen, waiting for the network to confirm it'),
  credited: msg('Credited to your balance'),
  expired: msg('Expired: no payment arrived in time'),
};

const STATUS_CLASS: Record<DepositRequestRecord['status'], string> = {
  awaiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  confirming: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  credited: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  expired: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

/** mm:ss (or h:mm:ss) left until `iso`; re-rendered every second. */
function useCountdown(iso: string): { text: string; over: boolean } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.floor((new Date(iso).getTime() - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, '0');
  return { text: h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`, over: left === 0 };
}

function RequestDetails({ initial, onNew }: { initial: DepositRequestRecord; onNew: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentRequestKey(initial._id),
    queryFn: () => fetchPaymentRequest(initial._id),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'credited' || q.state.data.status === 'expired') ? false : 3000),
  });
  const request = query.data;
  const countdown = useCountdown(request.expiresAt);
  const status = request.status === 'awaiting' && countdown.over ? 'expired' : request.status;
  const pay = formatPoints(request.payAmount);
  useEffect(() => {
    if (request.status === 'credited') void invalidateMoney(queryClient);
  }, [request.status, queryClient]);

  return (
    <div className="mt-4 grid gap-4" data-testid="payment-request">
      <p role="status" aria-live="polite" className="text-sm">
        {t('Status:')}{' '}
        <span data-testid="payment-status" className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
          {t(STATUS_TEXT[status])}
        </span>
      </p>
      {status === 'credited' ? (
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100">
          <p className="font-semibold">
            {t('{amount} USDT has been added to your balance.', { amount: formatPoints(request.creditedAmount ?? request.payAmount) })}
          </p>
          <div className="mt-2">
            <AvailableBalance />
          </div>
        </div>
      ) : (
        <>
          <dl className="grid gap-1 text-sm">
            <dt className="font-medium">{t('Send exactly')}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <strong data-testid="pay-amount" className="text-2xl font-bold tabular-nums">
                {pay} USDT
              </strong>
              <CopyButton text={pay} label={t('Copy amount')} what={t('Amount')} />
            </dd>
            <dd className="text-xs text-slate-600 dark:text-slate-300">
              {t('The cents identify your payment: send this exact amount, not {amount}. A different amount is not credited automatically.', {
                amount: formatPoints(request.amount),
              })}
            </dd>
            <dt className="mt-2 font-medium">{t('To this address (Tron TRC20, USDT only)')}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <code data-testid="payment-address" dir="ltr" className="min-w-0 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                {request.address}
              </code>
              <CopyButton text={request.address} label={t('Copy address')} what={t('Address')} />
            </dd>
            <dt className="mt-2 font-medium">{t('Time left')}</dt>
            <dd>
              <span className="tabular-nums" dir="ltr" data-testid="payment-countdown">
                {countdown.text}
              </span>{' '}
              <span className="text-xs text-slate-600 dark:text-slate-300">{t('(the amount is reserved for you until then)')}</span>
            </dd>
          </dl>
          {status !== 'expired' && (
            <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-300">{t('Drawing QR code…')}</p>}>
              <DepositQr address={request.address} />
            </Suspense>
          )}
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {t('This page updates by itself once the network confirms your transfer; you can keep it open.')}
          </p>
        </>
      )}
      <div>
        <Button variant="secondary" onClick={onNew}>
          {status === 'credited' || status === 'expired' ? t('New payment') : t('Choose another amount')}
        </Button>
      </div>
    </div>
  );
}

export function PaymentRequestCard({ mode, initialAmount = '' }: { mode: 'free' | 'package'; initialAmount?: string }) {
  const headingId = useId();
  const [amount, setAmount] = useState(initialAmount);
  const [request, setRequest] = useState<DepositRequestRecord | null>(null);
  // MIN_DEPOSIT (a live setting): the server refuses smaller requests with the same minimum.
  const { minDeposit } = useAppConfig();
  const mutation = useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: (r) => setRequest(r),
    onError: (err) => toast.error(errorMessage(err, t('Could not prepare the payment. Please try again.'))),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = parseOrToast(depositRequestBody, { amount });
    if (!parsed) return;
    mutation.mutate(centsToNumber(parsed.amount));
  };
  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        {mode === 'package' ? t('Pay for a package') : t('Pay with USDT (TRC20)')}
      </h2>
      {request ? (
        <RequestDetails key={request._id} initial={request} onNew={() => setRequest(null)} />
      ) : (
        <form noValidate aria-labelledby={headingId} onSubmit={submit} aria-busy={mutation.isPending} className="mt-4 grid gap-4">
          {mode === 'package' ? (
            <PackagePicker value={amount} onChange={setAmount} disabled={mutation.isPending} />
          ) : (
            <AmountInput
              label={t('Amount to deposit (USDT)')}
              name="requestAmount"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              disabled={mutation.isPending}
              min={String(minDeposit)}
              hint={`${t('At least {min}, with up to 2 decimals.', { min: formatPoints(minDeposit) })} ${t('You get the exact amount to send and the address. Your balance is credited automatically once the network confirms it.')}`}
            />
          )}
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? t('Preparing…') : t('Get payment details')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
