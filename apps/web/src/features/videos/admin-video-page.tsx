// docs/product.md#routes /adminvideo (ADMIN, SADMIN): the video list with add, edit and delete. Delete is confirmed first
// ("Delete this video?"); every change re-reads the list.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { MSG, formatPoints, type PublicVideo } from '@app/contract';
import { Button } from '../../components/ui/button';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page';
import { deleteVideo, failureText, videoKeys } from './api';
import { fetchErrorText, useVideos } from './use-videos';
import { VideoForm } from './video-form';
import { VideoThumbnail } from './video-thumbnail';
import { watchDuration, videoName } from './video-source';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { t } from '../../lib/i18n';


export function AdminVideoPage() {
  const list = useVideos();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<PublicVideo | null>(null);

  const remove = useMutation({
    mutationFn: (video: PublicVideo) => deleteVideo(video._id),
    onSuccess: (data, video) => {
      toast.success(data.message || t('Video deleted'));
      if (editing?._id === video._id) setEditing(null);
    },
    onError: (err) => toast.error(failureText(err, { failed: t(MSG.videoDeleteFailed), error: t(MSG.videoDeleteError) })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.list }),
        queryClient.invalidateQueries({ queryKey: ['video'] }),
      ]),
  });

  const askDelete = async (video: PublicVideo) => {
    const ok = await confirm({
      title: t(MSG.confirmDeleteVideo),
      message: (
        <span dir="ltr" className="[overflow-wrap:anywhere]">
          {video.link}
        </span>
      ),
      confirmLabel: t('Delete'),
      tone: 'danger',
    });
    if (ok) remove.mutate(video);
  };

  let body;
  if (list.isPending) {
    body = <ListLoading label={t('Loading videos…')} />;
  } else if (list.isError && !list.data) {
    body = <LoadError onRetry={() => void list.refetch()}>{fetchErrorText(list.error)}</LoadError>;
  } else if (list.data.length === 0) {
    body = <p className="py-4 text-slate-600 dark:text-slate-300">{t('No videos yet. Add the first one above.')}</p>;
  } else {
    body = (
      <DataTable
        caption={t('Videos')}
        columns={[t('Video'), t('Link'), { label: t('Points'), numeric: true }, { label: t('Time'), numeric: true }, t('Actions')]}
        busy={list.isFetching}
      >
        {list.data.map((video) => {
          const name = videoName(video);
          const busy = remove.isPending && remove.variables?._id === video._id;
          return (
            <DataRow key={video._id} data-testid="admin-video-row">
              <DataCell className="@2xl:align-middle">
                <div className="w-32">
                  <VideoThumbnail link={video.link} />
                </div>
                <p className="mt-1 w-32 text-sm font-medium [overflow-wrap:anywhere]" data-testid="admin-video-title">
                  {name}
                </p>
              </DataCell>
              <DataCell className="break-all @2xl:max-w-[20rem] @2xl:align-middle">
                <a href={video.link} target="_blank" rel="noopener noreferrer" dir="ltr" className="text-emerald-800 underline dark:text-emerald-300">
                  {video.link}
                </a>
              </DataCell>
              <DataCell className="font-semibold whitespace-nowrap tabular-nums @2xl:align-middle">
                <span data-testid="admin-video-points">{formatPoints(video.point)}</span>
              </DataCell>
              <DataCell className="whitespace-nowrap tabular-nums @2xl:align-middle">
                <span data-testid="admin-video-time">{watchDuration(video.time)}</span>
              </DataCell>
              <DataCell actions className="@2xl:align-middle">
                <div className="flex gap-2 whitespace-nowrap">
                  <Button variant="secondary" data-primary-action aria-label={t('Edit {name}', { name })} disabled={busy} onClick={() => setEditing(video)}>
                    {t('Edit')}
                  </Button>
                  <Button variant="danger" data-primary-action aria-label={t('Delete {name}', { name })} disabled={busy} onClick={() => void askDelete(video)}>
                    {t('Delete')}
                  </Button>
                </div>
              </DataCell>
            </DataRow>
          );
        })}
      </DataTable>
    );
  }

  return (
    <section>
      <PageHeader title={t('Videos')} intro={t('Add the videos subscribers watch for points, and edit or delete them.')} />
      <VideoForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <h2 className="mt-8 text-lg font-semibold">{t('All videos')}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {list.data ? t('{count, plural, one {{count} video} other {{count} videos}}', { count: list.data.length }) : '\u00a0'}
      </p>
      <div className="mt-2">{body}</div>
      {dialog}
    </section>
  );
}
