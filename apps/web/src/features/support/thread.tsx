// A ticket's thread (both sides' pages): each message with its files, the user's on one side and the
// operator's on the other; internal notes (the desk only) stand out in amber and say that users never see them.
import type { TicketMessage } from '@app/contract';
import { DateTime } from '../../components/ui/date-time';
import { t } from '../../lib/i18n';
import { attachmentUrl } from './api';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? t('{n} kB', { n: Math.max(1, Math.round(bytes / 1024)) }) : t('{n} MB', { n: (bytes / 1024 / 1024).toFixed(1) }));

export function Thread({ messages, viewer }: { messages: TicketMessage[]; viewer: 'user' | 'staff' }) {
  return (
    <ol className="grid gap-3" aria-label={t('Messages')} data-testid="ticket-thread">
      {messages.map((m) => {
        const mine = m.from === viewer;
        const who = m.from === 'user' ? (viewer === 'user' ? t('You') : t('User')) : viewer === 'user' ? t('Support') : (m.authorName ?? t('Support'));
        const tone = m.internal
          ? 'border-amber-400 bg-amber-50 dark:border-amber-500 dark:bg-amber-950'
          : mine
            ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950'
            : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';
        return (
          <li key={m._id} data-testid={m.internal ? 'internal-note' : 'ticket-message'} className={`min-w-0 rounded-lg border px-4 py-3 ${tone} ${mine ? 'ms-6' : 'me-6'}`}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold">
                {who}
                {m.internal && <span className="ms-2 text-amber-900 dark:text-amber-200">{t('Internal note: users never see it')}</span>}
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-300">
                <DateTime iso={m.createdAt} />
              </span>
            </p>
            <p className="mt-2 break-words whitespace-pre-line">{m.body}</p>
            {m.attachments.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-3" aria-label={t('Files')}>
                {m.attachments.map((a) => (
                  <li key={a._id} className="min-w-0">
                    {a.type.startsWith('image/') ? (
                      <a href={attachmentUrl(a._id, true)} target="_blank" rel="noopener" className="block">
                        <img src={attachmentUrl(a._id, true)} alt={a.name} className="h-24 max-w-full rounded border border-slate-300 object-cover dark:border-slate-600" />
                      </a>
                    ) : null}
                    <a href={attachmentUrl(a._id)} download={a.name} className="text-sm break-all text-emerald-800 underline dark:text-emerald-300">
                      {a.name}
                    </a>{' '}
                    <span className="text-xs text-slate-600 dark:text-slate-300">({sizeText(a.size)})</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
