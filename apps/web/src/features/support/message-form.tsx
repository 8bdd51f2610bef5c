// The message field and file picker of a new ticket and of a reply: up to 3 files (PNG, JPEG, WebP or PDF, at
// most 5 MB each). The server checks the files from their bytes; the picker only keeps obvious mistakes away.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { SUPPORT_LIMITS, type AttachmentInput } from '@app/contract';
import { PageHeader } from '../../components/ui/page';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { errorMessage, type ApiEnvelope } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { readFile, supportKeys } from './api';

/**
 * A reply form's state and its sending, on either side: the answer's thread replaces the cached one at `key`,
 * and every support list is read again.
 */
export function useReply<T>(key: QueryKey, send: (message: string, attachments: AttachmentInput[]) => Promise<ApiEnvelope & { ticket: T }>, onSent?: () => void) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const mutation = useMutation({
    mutationFn: async () => send(message, await Promise.all(files.map(readFile))),
    onSuccess: (data) => {
      toast.success(data.message);
      setMessage('');
      setFiles([]);
      onSent?.();
      queryClient.setQueryData(key, data.ticket);
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not send the reply. Try again.'))),
  });
  return { mutation, fields: { message, onMessage: setMessage, files, onFiles: setFiles, disabled: mutation.isPending } };
}

/** A button's call on a ticket (close, reopen, assign): its answer as a toast, then the lists read again. */
export function useTicketAction<A>(call: (arg: A) => Promise<ApiEnvelope>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t('Something went wrong. Try again.'))),
  });
}

/** While a ticket loads or when it cannot: what the page shows instead (null once it is there). */
export function TicketPending({ query, back }: { query: UseQueryResult<unknown>; back: ReactNode }) {
  if (query.isPending) return <ListLoading label={t('Loading the ticket…')} />;
  if (!query.isError) return null;
  return (
    <>
      <PageHeader title={t('Support ticket')} />
      <LoadError onRetry={() => void query.refetch()}>{errorMessage(query.error, t('Could not load the ticket.'))}</LoadError>
      {back}
    </>
  );
}

export const textareaClass =
  'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

export function MessageFields({
  message,
  onMessage,
  files,
  onFiles,
  disabled,
  label,
}: {
  message: string;
  onMessage: (text: string) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  disabled: boolean;
  label: string;
}) {
  const textId = useId();
  const fileId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const pick = (chosen: FileList | null) => {
    const all = [...files, ...Array.from(chosen ?? [])];
    if (all.length > SUPPORT_LIMITS.filesMax) toast.error(t('At most 3 files per message'));
    const tooBig = all.find((f) => f.size > SUPPORT_LIMITS.attachmentBytes);
    if (tooBig) toast.error(t('Each file must be at most 5 MB'));
    onFiles(all.filter((f) => f.size <= SUPPORT_LIMITS.attachmentBytes).slice(0, SUPPORT_LIMITS.filesMax));
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-medium">
          {label}
        </label>
        <textarea id={textId} name="message" rows={5} value={message} onChange={(e) => onMessage(e.target.value)} disabled={disabled} className={textareaClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          {t('Files (optional)')}
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp,application/pdf"
          aria-describedby={hintId}
          disabled={disabled || files.length >= SUPPORT_LIMITS.filesMax}
          onChange={(e) => pick(e.target.files)}
          className="max-w-full text-sm file:me-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
        />
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {t('Up to 3 files: PNG, JPEG or WebP images, or PDF, at most 5 MB each.')}
        </p>
        {files.length > 0 && (
          <ul className="mt-1 grid gap-1 text-sm" aria-label={t('Chosen files')}>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className="flex min-w-0 items-center justify-between gap-2">
                <span className="truncate">{f.name}</span>
                <button
                  type="button"
                  className="shrink-0 rounded px-2 py-1 text-red-800 underline dark:text-red-300"
                  onClick={() => onFiles(files.filter((_, j) => j !== i))}
                  disabled={disabled}
                >
                  {t('Remove {name}', { name: f.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
