// docs/product.md#validation: a non-empty e-mail and points > 0, else "Please enter a valid email and positive points.";
// then the server's message, or "An error occurred.".
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { MSG, adminPointsBody, centsToNumber, formatCents } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FieldErrorsProvider } from '../../components/ui/field-errors';
import { fieldMessages } from '../../lib/validate';
import { useMoneySubmit } from '../../components/money-submit';
import { msg, t } from '../../lib/i18n';
import { adjustPoints, type PointsAction } from './api';

/** msg() ids, rendered with t(). */
const TEXT = {
  add: {
    title: msg('Add points'),
    button: msg('Add points'),
    confirm: msg('Add points?'),
    question: msg('Add {points} points to {email}?'),
    done: msg('Points added'),
    intro: msg('Credit a user’s balance, e.g. to correct a mistake. It is recorded in the audit log.'),
  },
  remove: {
    title: msg('Remove points'),
    button: msg('Remove points'),
    confirm: msg('Remove points?'),
    question: msg('Remove {points} points from {email}?'),
    done: msg('Points removed'),
    intro: msg('Debit a user’s balance. It fails if the user does not have that many points.'),
  },
} as const;

export function PointsForm({ action }: { action: PointsAction }) {
  const text = TEXT[action];
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [points, setPoints] = useState('');
  const queryClient = useQueryClient();
  const money = useMoneySubmit({
    request: `POST ${action}`,
    send: (body: { email: string; points: number }, key) => adjustPoints(action, body, key),
    done: () => t(text.done),
    failed: () => t(MSG.adminPointsError),
    onDone: () => {
      setEmail('');
      setPoints('');
    },
    refresh: () => Promise.all(['point', 'statement', 'me'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });

  const { fields } = money;
  const prepare = () => {
    const parsed = adminPointsBody.safeParse({ email, points });
    if (!parsed.success) {
      // Each wrong field says its own problem (the product's one message); a toast only when no field took it.
      // The schema speaks English (the product's one message, in this catalog): shown in the current language.
      const errors = fieldMessages(parsed.error);
      for (const name of Object.keys(errors)) errors[name] = t(errors[name]!);
      if (!fields.mark(errors, t(MSG.adminPointsInvalid))) toast.error(t(MSG.adminPointsInvalid));
      return;
    }
    fields.mark({});
    return {
      body: { email: parsed.data.email, points: centsToNumber(parsed.data.points) },
      confirm: {
        title: t(text.confirm),
        message: t(text.question, { points: formatCents(parsed.data.points), email: parsed.data.email }),
        tone: action === 'remove' ? ('danger' as const) : ('default' as const),
      },
    };
  };

  // Folded until opened: the desk leads with its queue (docs/product.md#admin-desks); the form is there when needed.
  return (
    <Card>
      <details data-testid={`points-form-${action}`}>
      <summary className="flex cursor-pointer items-center gap-2 rounded-lg marker:content-none [&::-webkit-details-marker]:hidden">
        <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 transition-transform [details[open]_&]:rotate-180" />
        <h2 id={headingId} className="text-lg font-semibold">
          {t(text.title)}
        </h2>
      </summary>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(text.intro)}</p>
      <form ref={fields.formRef} aria-labelledby={headingId} noValidate onSubmit={money.onSubmit(prepare)} className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <FieldErrorsProvider value={fields}>
        <Input
          label={t('User e-mail')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={money.pending}
        />
        <Input
          label={t('Points')}
          name="points"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          required
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          disabled={money.pending}
        />
        <Button type="submit" variant={action === 'remove' ? 'danger' : 'primary'} disabled={money.pending}>
          {t(text.button)}
        </Button>
        </FieldErrorsProvider>
      </form>
      </details>
      {money.dialog}
    </Card>
  );
}
