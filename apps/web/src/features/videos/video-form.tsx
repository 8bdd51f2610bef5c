// docs/product.md#validation: link, points and time (minutes) are all required; the contract's videoBody gives the message,
// the same one the server would answer with. docs/product.md#messages: "Operation failed" for a refusal, "Something went wrong"
// when no answer came.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { LIMITS, MSG, VIDEO_TITLE_MAX, centsToNumber, videoBody, type PublicVideo } from '@app/contract';
import { FieldErrorsProvider, useFieldErrors } from '../../components/ui/field-errors';
import { parseOrToast } from '../../lib/validate';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { t } from '../../lib/i18n';
import { createVideo, failureText, updateVideo, videoKeys, type VideoPayload } from './api';

interface VideoFormProps {
  /** The video being edited, or null to add one. Remount (key) when it changes. */
  editing: PublicVideo | null;
  onDone: () => void;
}

export function VideoForm({ editing, onDone }: VideoFormProps) {
  const headingId = useId();
  const [name, setName] = useState(editing?.title ?? '');
  const [link, setLink] = useState(editing?.link ?? '');
  const [point, setPoint] = useState(editing ? String(editing.point) : '');
  const [time, setTime] = useState(editing ? String(editing.time) : '');
  const queryClient = useQueryClient();
  const fields = useFieldErrors();

  const mutation = useMutation({
    mutationFn: (body: VideoPayload) => (editing ? updateVideo(editing._id, body) : createVideo(body)),
    onSuccess: (data) => {
      toast.success(data.message || (editing ? t('Video updated') : t('Video added')));
      setName('');
      setLink('');
      setPoint('');
      setTime('');
      onDone();
    },
    onError: (err) => toast.error(failureText(err, { failed: t(MSG.videoSaveFailed), error: t(MSG.videoSaveError) })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.list }),
        queryClient.invalidateQueries({ queryKey: ['video'] }),
      ]),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = parseOrToast(videoBody, { link, point, time, title: name }, fields);
    if (!parsed) return;
    mutation.mutate({ link: parsed.link, title: parsed.title ?? null, point: centsToNumber(parsed.point), time: parsed.time / 100 });
  };

  const title = editing ? t('Edit video') : t('Add video');
  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t(
          'A YouTube link or a direct video file (.mp4, .webm, .ogg, .ogv, .m4v, .mov), the points it pays and the minutes it must be watched.',
        )}
      </p>
      <form
        ref={fields.formRef}
        aria-labelledby={headingId}
        noValidate
        onSubmit={submit}
        className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_9rem_9rem] md:items-end"
      >
        <FieldErrorsProvider value={fields}>
        <div className="md:col-span-3">
          <Input
            label={t('Title (optional)')}
            name="title"
            autoComplete="off"
            maxLength={VIDEO_TITLE_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={mutation.isPending}
            hint={t('Shown in the library and the player instead of the link; up to {max} characters.', { max: VIDEO_TITLE_MAX })}
          />
        </div>
        <Input
          label={t('Video link')}
          name="link"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          // i18n-ignore (an example address, the same in every language)
          placeholder="https://www.youtube.com/watch?v=…"
          dir="ltr"
          required
          // Editing starts here (the form is remounted for it).
          autoFocus={editing !== null}
          value={link}
          onChange={(e) => setLink(e.target.value)}
          disabled={mutation.isPending}
        />
        <Input
          label={t('Points')}
          name="point"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          required
          value={point}
          onChange={(e) => setPoint(e.target.value)}
          disabled={mutation.isPending}
        />
        <Input
          label={t('Time (minutes)')}
          name="time"
          type="number"
          inputMode="decimal"
          min="0.01"
          max={LIMITS.videoMaxMinutes}
          step="0.01"
          required
          value={time}
          onChange={(e) => setTime(e.target.value)}
          disabled={mutation.isPending}
        />
        <div className="flex flex-wrap gap-3 md:col-span-3">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('Saving…') : editing ? t('Save changes') : t('Add video')}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
              {t('Cancel editing')}
            </Button>
          )}
        </div>
        </FieldErrorsProvider>
      </form>
    </Card>
  );
}
