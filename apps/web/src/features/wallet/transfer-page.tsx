// docs/product.md#transfers: recipient e-mail and points are required ("Please fill all the fields."); the points are
// sent as a number (the spec's POST /point/transfer, unchanged). Before anything is confirmed the page shows who the
// e-mail belongs to and checks the amount against the balance; the confirm dialog opens only for a transfer that can
// succeed, and a receipt follows it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { EMAIL_PATTERN, MSG, POINTS_MSG, centsToNumber, formatCents, normaliseEmail, transferBody, type Recipient } from '@app/contract';
import { FieldErrorsProvider } from '../../components/ui/field-errors';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { DateTime } from '../../components/ui/date-time';
import { AuthenticatorCodeInput } from '../../components/ui/authenticator-code-input';
import { PageHeader } from '../../components/ui/page';
import { fetchPoint, transferPoints, type TransferRequest } from './api';
import { AmountInput } from './amount-input';
import { useWalletSubmit } from './wallet-submit';
import { AvailableBalance, usePoint } from './available-balance';
import { Avatar, RecentRecipients, RecipientCheck, fetchRecipient, recipientRefusal, refreshRecentRecipients } from './recipient';
import { parseOrToast } from '../../lib/validate';
import { msg, t } from '../../lib/i18n';

/** POINTS_MSG.transferred (the type keeps the two identical), shown when the server's answer has no message. */
const TRANSFERRED: typeof POINTS_MSG.transferred = msg('Points transferred successfully');
/** The pause in typing after which the e-mail is looked up (leaving the field looks it up at once). */
const LOOKUP_AFTER_MS = 600;

/** An e-mail worth asking about, normalised as the server compares it; '' for anything else. */
const lookupable = (text: string) => (EMAIL_PATTERN.test(text.trim()) ? normaliseEmail(text) : '');

/** The typed amount in cents when it is a plain amount with at most 2 decimals, else null (the schema says why). */
function typedCents(text: string): number | null {
  return /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null;
}

interface Receipt {
  recipient: Recipient;
  email: string;
  cents: number;
  at: string;
  balance: number | null;
}

export function TransferPage() {
  const queryClient = useQueryClient();
  const [recipientEmail, setRecipientEmail] = useState('');
  const [checkedEmail, setCheckedEmail] = useState('');
  const [points, setPoints] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const point = usePoint();
  const balanceCents = point.data === undefined ? null : Math.round(point.data * 100);
  const cents = typedCents(points);
  const over = cents !== null && balanceCents !== null && cents > balanceCents;

  // Looked up once the typing pauses; an address that is not one yet is not asked about.
  useEffect(() => {
    const timer = setTimeout(() => setCheckedEmail(lookupable(recipientEmail)), LOOKUP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [recipientEmail]);

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
    onDone: async (_data, body) => {
      const recipient = queryClient.getQueryData<Recipient>(['recipient', body.recipientEmail]) ?? { name: body.recipientEmail, initials: '@' };
      // The balance after the transfer, read back from the server (never worked out here).
      const balance = await fetchPoint().catch(() => null);
      setReceipt({ recipient, email: body.recipientEmail, cents: Math.round(body.points * 100), at: new Date().toISOString(), balance });
      setPoints('');
      void refreshRecentRecipients(queryClient);
    },
  });
  const { fields } = money;
  const focusAmount = () => fields.formRef.current?.querySelector<HTMLInputElement>('[name="points"]')?.focus();

  /** Checks everything the page can know before the dialog; marks the field that stops it, or gives the attempt. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (money.pending) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '') || undefined;
    const parsed = parseOrToast(transferBody, { recipientEmail, points }, fields);
    if (!parsed) return;
    if (!EMAIL_PATTERN.test(parsed.recipientEmail)) {
      fields.mark({ recipientEmail: t(MSG.invalidEmail) });
      return;
    }
    setCheckedEmail(parsed.recipientEmail);
    let recipient: Recipient;
    try {
      recipient = await fetchRecipient(queryClient, parsed.recipientEmail);
    } catch (err) {
      fields.mark({ recipientEmail: recipientRefusal(err) });
      return;
    }
    if (balanceCents !== null && parsed.points > balanceCents) {
      fields.mark({ points: t('More than your balance') });
      return;
    }
    const body = { recipientEmail: parsed.recipientEmail, points: centsToNumber(parsed.points) };
    await money.submit(
      {
        body,
        confirm: {
          title: t('Confirm transfer'),
          message: t('Send {amount} USDT to {name} ({email})?', { amount: formatCents(parsed.points), name: recipient.name, email: body.recipientEmail }),
        },
      },
      code,
    );
  };

  const sendAgain = () => {
    setReceipt(null);
    // Focus waits for the form to be back.
    setTimeout(focusAmount, 0);
  };

  return (
    <section>
      <PageHeader
        title={t('Transfer')}
        intro={t('Send USDT to another member by their e-mail address. Transfers are immediate and cannot be undone.')}
      />
      {receipt ? (
        <TransferReceipt receipt={receipt} onAgain={sendAgain} />
      ) : (
        <Card className="max-w-xl">
          <AvailableBalance />
          <RecentRecipients
            disabled={money.pending}
            onPick={(email) => {
              setRecipientEmail(email);
              setCheckedEmail(lookupable(email));
              fields.clear('recipientEmail');
              focusAmount();
            }}
          />
          <form ref={fields.formRef} noValidate onSubmit={(e) => void submit(e)} aria-busy={money.pending} className="mt-4 grid gap-4">
            <FieldErrorsProvider value={fields}>
              <div className="grid gap-2">
                <Input
                  label={t('Recipient e-mail')}
                  name="recipientEmail"
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                  required
                  value={recipientEmail}
                  onChange={(e) => setRecipientEmail(e.target.value)}
                  onBlur={() => setCheckedEmail(lookupable(recipientEmail))}
                  disabled={money.pending}
                />
                {/* The look-up's line has its place before it shows: leaving the field for Send starts it, and a
                    line pushing the button down between the press and the release would lose that click. */}
                <div className="flex min-h-8 items-center">{lookupable(recipientEmail) === checkedEmail && <RecipientCheck email={checkedEmail} />}</div>
              </div>
              <div className="grid gap-2">
                <AmountInput
                  label={t('Amount (USDT)')}
                  name="points"
                  value={points}
                  onChange={(e) => setPoints(e.target.value)}
                  disabled={money.pending}
                  hint={t('At least 0.01, with up to 2 decimals.')}
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p aria-live="polite" data-testid="amount-check" className={`text-sm ${over ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}>
                    {over ? t('More than your balance') : ''}
                  </p>
                  <Button
                    variant="secondary"
                    disabled={money.pending || !balanceCents}
                    title={t('Send the whole balance')}
                    data-testid="max-amount"
                    onClick={() => {
                      if (balanceCents === null) return;
                      setPoints(formatCents(balanceCents).replace(/,/g, ''));
                      fields.clear('points');
                    }}
                  >
                    {t('Max')}
                  </Button>
                </div>
              </div>
              <AuthenticatorCodeInput disabled={money.pending} />
              <div>
                <Button type="submit" disabled={money.pending}>
                  {money.pending ? t('Sending…') : t('Send')}
                </Button>
              </div>
            </FieldErrorsProvider>
          </form>
        </Card>
      )}
      {money.dialog}
    </section>
  );
}

function TransferReceipt({ receipt, onAgain }: { receipt: Receipt; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The receipt replaces the form: reading continues from its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="max-w-xl" data-testid="transfer-receipt">
      <div className="flex items-center gap-2 text-emerald-800 dark:text-emerald-300">
        <CircleCheck aria-hidden="true" className="h-6 w-6 shrink-0" />
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {t('Transfer sent')}
        </h2>
      </div>
      <p className="mt-4 text-3xl font-bold tabular-nums" data-testid="receipt-amount">
        {formatCents(receipt.cents)} USDT
      </p>
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t('To')}</dt>
          <dd className="mt-1 flex min-w-0 items-center gap-3">
            <Avatar initials={receipt.recipient.initials} large />
            <span className="min-w-0">
              <span className="block font-semibold break-words" data-testid="receipt-name">
                {receipt.recipient.name}
              </span>
              <span className="block break-all text-slate-600 dark:text-slate-300" dir="ltr">
                {receipt.email}
              </span>
            </span>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t('When')}</dt>
          <dd className="mt-1">
            <DateTime iso={receipt.at} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t('New balance')}</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-testid="receipt-balance">
            {receipt.balance === null ? t('unavailable') : `${formatCents(Math.round(receipt.balance * 100))} USDT`}
          </dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onAgain}>{t('Send again')}</Button>
        <Link to="/user/dashboard" className={buttonClass('secondary')}>
          {t('Done')}
        </Link>
      </div>
    </Card>
  );
}
