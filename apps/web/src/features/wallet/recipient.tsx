// Who a transfer goes to, shown before anything is confirmed (docs/product.md#transfers): the name behind an exact
// e-mail (or the one refusal the server gives for unknown, closed and oneself), and the people sent to lately.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { normaliseEmail, type Recipient } from '@app/contract';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { fetchRecentRecipients, lookupRecipient } from './api';

const recipientKey = (email: string) => ['recipient', email] as const;
const RECENT_KEY = ['recent-recipients'] as const;
/** A name found stays known for a while: typing the same address again asks nobody (and spends no look-up). */
const FRESH_MS = 5 * 60_000;

const lookupOptions = (email: string) => ({
  queryKey: recipientKey(email),
  queryFn: () => lookupRecipient(email),
  staleTime: FRESH_MS,
  retry: false,
});

/** The look-up of `email` (already normalised), or nothing while it is ''. */
export function useRecipient(email: string) {
  return useQuery({ ...lookupOptions(email), enabled: email !== '' });
}

/** The look-up, waited for (the form's submit: the dialog opens only for someone found). */
export function fetchRecipient(queryClient: QueryClient, email: string): Promise<Recipient> {
  return queryClient.fetchQuery(lookupOptions(email));
}

export function recipientRefusal(err: unknown): string {
  return errorMessage(err, t('No account with this e-mail'));
}

export function Avatar({ initials, large }: { initials: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100 ${large ? 'h-12 w-12 text-lg' : 'h-8 w-8 text-sm'}`}
    >
      {initials}
    </span>
  );
}

/** Under the e-mail field: looking up, the name found, or the refusal. */
export function RecipientCheck({ email }: { email: string }) {
  const found = useRecipient(email);
  if (email === '') return null;
  if (found.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {t('Looking up…')}
      </p>
    );
  }
  if (found.isError) {
    return (
      <p role="status" data-testid="recipient-refused" className="flex items-center gap-2 text-sm font-medium text-red-700 dark:text-red-300">
        <UserX aria-hidden="true" className="h-5 w-5 shrink-0" />
        {recipientRefusal(found.error)}
      </p>
    );
  }
  return (
    <p role="status" data-testid="recipient-found" className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar initials={found.data.initials} />
      <span className="min-w-0 break-words">
        <span className="sr-only">{t('Recipient:')} </span>
        <strong className="font-semibold">{found.data.name}</strong>
      </span>
    </p>
  );
}

/** The people sent to lately, one tap to fill the e-mail (their names are already known: no look-up spent). */
export function RecentRecipients({ onPick, disabled }: { onPick: (email: string) => void; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const recent = useQuery({ queryKey: RECENT_KEY, queryFn: fetchRecentRecipients });
  if (!recent.data?.length) return null;
  return (
    <div className="mt-4">
      <h2 className="text-sm font-medium">{t('Recent recipients')}</h2>
      <ul data-testid="recent-recipients" className="mt-2 flex flex-wrap gap-2">
        {recent.data.map((person) => (
          <li key={person.email} className="min-w-0">
            <button
              type="button"
              disabled={disabled}
              title={person.email}
              onClick={() => {
                queryClient.setQueryData(recipientKey(normaliseEmail(person.email)), { name: person.name, initials: person.initials });
                onPick(person.email);
              }}
              className="flex max-w-full min-w-0 items-center gap-2 rounded-full border border-slate-300 py-1 ps-1 pe-3 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              <Avatar initials={person.initials} />
              <span className="truncate">{person.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** After a transfer, the recent list may have a new first name. */
export function refreshRecentRecipients(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: RECENT_KEY });
}
