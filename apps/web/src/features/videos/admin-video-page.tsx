// Spec §2 /adminvideo (ADMIN, SADMIN): the video list with add, edit and delete. Delete is confirmed first
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
import { formatMinutes, videoName } from './video-source';
import { LoadError } from '../../components/ui/list-state';
import { TableHead } from '../../components/ui/table';

const td = 'px-3 py-2 align-middle text-sm';

export function AdminVideoPage() {
  const list = useVideos();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<PublicVideo | null>(null);

  const remove = useMutation({
    mutationFn: (video: PublicVideo) => deleteVideo(video._id),
    onSuccess: (data, video) => {
      toast.success(data.message || 'Video deleted');
      if (editing?._id === video._id) setEditing(null);
    },
    onError: (err) => toast.error(failureText(err, { failed: MSG.videoDeleteFailed, error: MSG.videoDeleteError })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.list }),
        queryClient.invalidateQueries({ queryKey: ['video'] }),
      ]),
  });

  const askDelete = async (video: PublicVideo) => {
    const ok = await confirm({
      title: MSG.confirmDeleteVideo,
      message: <span className="[overflow-wrap:anywhere]">{video.link}</span>,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (ok) remove.mutate(video);
  };

  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="py-4 text-slate-600 dark:text-slate-300">
        Loading videos…
      </p>
    );
  } else if (list.isError && !list.data) {
    body = <LoadError onRetry={() => void list.refetch()}>{fetchErrorText(list.error)}</LoadError>;
  } else if (list.data.length === 0) {
    body = <p className="py-4 text-slate-600 dark:text-slate-300">No videos yet. Add the first one above.</p>;
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] border-collapse" aria-busy={list.isFetching}>
          <caption className="sr-only">Videos</caption>
          <TableHead columns={['Video', 'Link', { label: 'Points', numeric: true }, { label: 'Time', numeric: true }, 'Actions']} />
          <tbody>
            {list.data.map((video) => {
              const name = videoName(video);
              const busy = remove.isPending && remove.variables?._id === video._id;
              return (
                <tr key={video._id} data-testid="admin-video-row" className="border-b border-slate-100 dark:border-slate-800">
                  <td className={td}>
                    <div className="w-32">
                      <VideoThumbnail link={video.link} />
                    </div>
                  </td>
                  <td className={`${td} max-w-[20rem] break-all`}>
                    <a
                      href={video.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-emerald-800 underline dark:text-emerald-300"
                    >
                      {video.link}
                    </a>
                  </td>
                  <td className={`${td} text-right font-semibold tabular-nums`} data-testid="admin-video-points">
                    {formatPoints(video.point)}
                  </td>
                  <td className={`${td} text-right whitespace-nowrap tabular-nums`} data-testid="admin-video-time">
                    {formatMinutes(video.time)}
                  </td>
                  <td className={td}>
                    <div className="flex gap-2 whitespace-nowrap">
                      <Button variant="secondary" aria-label={`Edit ${name}`} disabled={busy} onClick={() => setEditing(video)}>
                        Edit
                      </Button>
                      <Button variant="danger" aria-label={`Delete ${name}`} disabled={busy} onClick={() => void askDelete(video)}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section>
      <PageHeader title="Videos" intro="Add the videos subscribers watch for points, and edit or delete them." />
      <VideoForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <h2 className="mt-8 text-lg font-semibold">All videos</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {list.data ? `${list.data.length} ${list.data.length === 1 ? 'video' : 'videos'}` : '\u00a0'}
      </p>
      <div className="mt-2">{body}</div>
      {dialog}
    </section>
  );
}
