// docs/product.md#routes /video: the library grid for subscribers. Each card links to its player and says what the
// viewer did with it today (UTC, as the reward counts days): earned and how much, or watched without a reward yet.
import { Link } from 'react-router';
import { CheckCircle2, Clock, Coins, Eye } from 'lucide-react';
import { formatPoints, type LibraryVideo } from '@app/contract';
import { PageHeader } from '../../components/ui/page';
import { fetchErrorText, useVideos } from './use-videos';
import { VideoThumbnail } from './video-thumbnail';
import { watchDuration, videoName } from './video-source';
import { LoadError } from '../../components/ui/list-state';
import { t } from '../../lib/i18n';

/** Today's mark of a card: nothing for a video not opened today. */
function TodayMark({ video }: { video: LibraryVideo }) {
  if (video.earnedToday > 0) {
    return (
      <p data-testid="video-earned" className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {t('Watched today · earned {amount} USDT', { amount: formatPoints(video.earnedToday) })}
      </p>
    );
  }
  if (!video.watchedToday) return null;
  return (
    <p data-testid="video-watched" className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
      <Eye aria-hidden="true" className="h-4 w-4" />
      {t('Watched today')}
    </p>
  );
}

function SkeletonGrid() {
  return (
    <div role="status" aria-busy="true" aria-label={t('Loading videos')} className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} aria-hidden="true" className="animate-pulse rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <div className="aspect-video w-full rounded-lg bg-slate-200 dark:bg-slate-800" />
          <div className="mt-4 h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="mt-2 h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}

export function VideoLibraryPage() {
  const list = useVideos();

  let body;
  if (list.isPending) {
    body = <SkeletonGrid />;
  } else if (list.isError && !list.data) {
    body = <LoadError onRetry={() => void list.refetch()}>{fetchErrorText(list.error)}</LoadError>;
  } else if (list.data.length === 0) {
    body = <p className="py-4 text-slate-600 dark:text-slate-300">{t('No videos yet. Please check back later.')}</p>;
  } else {
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy={list.isFetching}>
        {list.data.map((video) => {
          const name = videoName(video);
          return (
            <li
              key={video._id}
              data-testid="video-card"
              className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md dark:border-slate-700 dark:bg-slate-900"
            >
              <VideoThumbnail link={video.link} />
              <h2 className="mt-3 font-semibold [overflow-wrap:anywhere]">
                {/* The whole card is clickable through this link's stretched ::after. */}
                <Link to={`/video/${encodeURIComponent(video._id)}`} className="after:absolute after:inset-0 after:rounded-xl focus:outline-none">
                  <span className="sr-only">{t('Watch')} </span>
                  {name}
                </Link>
              </h2>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                <span className="inline-flex items-center gap-1">
                  <Coins aria-hidden="true" className="h-4 w-4" />
                  {t('{points} points', { points: formatPoints(video.point) })}
                </span>
                <span className="inline-flex items-center gap-1" data-testid="video-duration">
                  <Clock aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">{t('Duration')} </span>
                  {watchDuration(video.time)}
                </span>
              </p>
              <TodayMark video={video} />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section>
      <PageHeader title={t('Videos')} intro={t('Watch a video to the end of its time to earn its points, once a day per video.')} />
      {body}
    </section>
  );
}
