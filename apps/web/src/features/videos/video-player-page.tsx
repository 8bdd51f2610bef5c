// docs/product.md#routes /video/{id} and docs/product.md#behaviour video reward: the player embeds the video muted and autoplaying and counts
// seconds; at time × 60 s it asks for the points once. Opening the page (GET /video/{id}) starts the
// server's own timer, so that query is read once per visit and never refetched behind the viewer's back.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { MSG, formatPoints, type PublicVideo } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { errorMessage, httpStatus } from '../../lib/api';
import { useIdempotencyKeys } from '../../lib/idempotency-key';
import { useSession } from '../../lib/session';
import { awardVideoPoints, invalidateBalance, isRefusal, openVideo, RefusedError, videoKeys } from './api';
import { fetchErrorText } from './use-videos';
import { watchDuration, videoName, videoSource, watchSeconds } from './video-source';
import { t, Trans } from '../../lib/i18n';
import { ListLoading } from '../../components/ui/list-state';

const backLink = 'inline-flex items-center gap-1 font-semibold text-emerald-800 underline dark:text-emerald-300';

/** docs/product.md#messages: the server's message, else "Failed to award point ❌" for a refusal, else the server-error text. */
function awardErrorText(err: unknown): string {
  if (err instanceof RefusedError) return err.message || t(MSG.videoAwardFailed);
  return errorMessage(err, isRefusal(err) ? t(MSG.videoAwardFailed) : t(MSG.videoAwardError));
}

/**
 * What the player reports: `playing`, `stopped` (paused, buffering, ended, not started, failed) or `silent`
 * (a YouTube embed that never reported a state: its API did not answer, e.g. offline or blocked).
 */
type PlayState = 'playing' | 'stopped' | 'silent';

const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
/** YouTube IFrame API states: 1 playing; -1 unstarted, 0 ended, 2 paused, 3 buffering, 5 cued. */
const YT_PLAYING = 1;

/**
 * The YouTube embed's state over the IFrame API's message channel (enablejsapi=1): the page says "listening"
 * and the player posts its state changes. No script from YouTube runs in this page (CSP: script-src 'self').
 */
function youTubePlayerState(raw: unknown): number | undefined {
  let data: unknown;
  try {
    data = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  const { event, info } = data as { event?: unknown; info?: unknown };
  if (event === 'onStateChange' && typeof info === 'number') return info;
  if (event === 'infoDelivery' && info && typeof info === 'object') {
    const playerState = (info as { playerState?: unknown }).playerState;
    if (typeof playerState === 'number') return playerState;
  }
  return undefined;
}

function useYouTubeState(frame: RefObject<HTMLIFrameElement | null>, onState: (state: PlayState) => void) {
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_ORIGIN || event.source !== frame.current?.contentWindow) return;
      const state = youTubePlayerState(event.data);
      if (state !== undefined) onState(state === YT_PLAYING ? 'playing' : 'stopped');
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [frame, onState]);
}

function Player({ video, onState }: { video: PublicVideo; onState: (state: PlayState) => void }) {
  const source = videoSource(video.link);
  const name = videoName(video);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useYouTubeState(frameRef, onState);
  const frame = 'aspect-video w-full overflow-hidden rounded-xl bg-black';
  if (source.kind === 'youtube') {
    const listen = () =>
      frameRef.current?.contentWindow?.postMessage(JSON.stringify({ event: 'listening', id: video._id, channel: 'widget' }), YOUTUBE_ORIGIN);
    return (
      <div className={frame}>
        <iframe
          ref={frameRef}
          src={`${source.embedUrl}&enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`}
          title={t('Video player: {name}', { name })}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={listen}
          className="h-full w-full border-0"
        />
      </div>
    );
  }
  if (source.kind === 'file') {
    const playing = () => onState('playing');
    const stopped = () => onState('stopped');
    return (
      <div className={frame}>
        <video
          // Autoplay is allowed only when muted; set the property too, as the attribute alone is not reflected by React.
          ref={(el) => {
            if (el) {
              el.muted = true;
              el.defaultMuted = true;
            }
          }}
          src={source.url}
          aria-label={t('Video player: {name}', { name })}
          data-testid="video-file-player"
          muted
          autoPlay
          playsInline
          controls
          preload="auto"
          onPlaying={playing}
          onPause={stopped}
          onWaiting={stopped}
          onStalled={stopped}
          onEnded={stopped}
          onError={stopped}
          className="h-full w-full"
        />
      </div>
    );
  }
  return (
    <p className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
      <Trans
        id="This video cannot be embedded. <0>Open it in a new tab</0>."
        components={{ 0: <a href={source.url} target="_blank" rel="noopener noreferrer" className={backLink} /> }}
      />
    </p>
  );
}

function Watch({ video }: { video: PublicVideo }) {
  const total = watchSeconds(video.time);
  const [elapsed, setElapsed] = useState(0);
  const done = elapsed >= total;
  // The countdown runs only while the player reports playing. A YouTube embed that reports nothing
  // (its API unreachable) keeps the old behaviour, a running countdown, and says so; a link that cannot be
  // embedded has no player to ask. The server checks the time on its own clock either way (decision 005).
  const kind = videoSource(video.link).kind;
  const [playState, setPlayState] = useState<PlayState>(kind === 'file' ? 'stopped' : 'silent');
  const counting = playState !== 'stopped';
  const session = useSession();
  // Admins may open videos to check them; only a subscribed account is paid (the server says the same).
  const canEarn = session.isSubscriber;
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const requested = useRef(false);

  // The watch clock: UI state, 1-second ticks while the video plays, stopped once the time is reached.
  useEffect(() => {
    if (done || !counting) return;
    const timer = window.setInterval(() => setElapsed((e) => e + 1), 1000);
    return () => window.clearInterval(timer);
  }, [done, counting]);

  const award = useMutation({
    mutationFn: () => keys.run(`POST /video/add-point ${video._id}`, (key) => awardVideoPoints(video._id, key)),
    onSuccess: (data) => toast.success(data.message || t('You earned {points} points', { points: formatPoints(video.point) })),
    onError: (err) => toast.error(awardErrorText(err)),
    onSettled: () => invalidateBalance(queryClient),
  });

  // Exactly one request per visit: the ref survives re-renders and React's strict-mode double effects.
  const { mutate: requestAward } = award;
  useEffect(() => {
    if (!done || !canEarn || requested.current) return;
    requested.current = true;
    requestAward();
  }, [done, canEarn, requestAward]);

  const left = Math.max(0, total - elapsed);
  const awarded = award.isSuccess;
  const retryable = award.isError && (!isRefusal(award.error) || httpStatus(award.error) === 400);

  let status: ReactNode;
  if (!done) status = t('{seconds} s left until your reward', { seconds: left });
  else if (!canEarn) status = t('Rewards are paid to subscribed accounts only.');
  else if (awarded)
    status = (
      <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {t('Reward earned: {reward}', { reward: award.data.message || t('{points} points', { points: formatPoints(video.point) }) })}
      </span>
    );
  else if (award.isError) status = <span className="text-red-700 dark:text-red-300">{awardErrorText(award.error)}</span>;
  else status = t('Requesting your reward…');

  return (
    <div className="grid gap-6">
      <Player video={video} onState={setPlayState} />
      <Card>
        <h2 className="text-lg font-semibold">{t('Your reward')}</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t('Watch for {minutes} to earn {points} points (once a day per video).', {
            minutes: watchDuration(video.time),
            points: formatPoints(video.point),
          })}
        </p>
        <div
          role="progressbar"
          aria-label={t('Watch progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={Math.min(elapsed, total)}
          aria-valuetext={t('{watched} of {total} seconds watched', { watched: Math.min(elapsed, total), total })}
          data-testid="watch-progress"
          className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-1000 ease-linear ${awarded ? 'bg-emerald-600 dark:bg-emerald-400' : 'bg-emerald-700 dark:bg-emerald-400'}`}
            style={{ width: `${(Math.min(elapsed, total) / total) * 100}%` }}
          />
        </div>
        <p className="mt-2 text-sm font-medium tabular-nums" data-testid="watch-status">
          {status}
        </p>
        {/* Its own live region: said once when the countdown stops or starts again, not every second. */}
        <p role="status" aria-live="polite" className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="watch-paused">
          {!done && !counting ? t('Paused — the countdown continues when the video plays.') : ''}
        </p>
        {!done && kind === 'youtube' && playState === 'silent' && (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="watch-note">
            {t('The YouTube player is not reporting whether it plays, so the countdown runs on its own. Keep the video playing.')}
          </p>
        )}
        {retryable && (
          <Button variant="secondary" className="mt-3" disabled={award.isPending} onClick={() => award.mutate()}>
            {t('Try again')}
          </Button>
        )}
      </Card>
    </div>
  );
}

export function VideoPlayerPage() {
  const { id = '' } = useParams();
  const video = useQuery({
    queryKey: videoKeys.one(id),
    queryFn: () => openVideo(id),
    // Each visit opens the video once (that starts the server's timer); nothing refetches it meanwhile.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const error = video.isError ? video.error : null;
  useEffect(() => {
    if (error) toast.error(httpStatus(error) === 404 ? errorMessage(error, t(MSG.videoFetchFailed)) : fetchErrorText(error));
  }, [error]);

  let body: ReactNode;
  if (video.isPending) {
    body = <ListLoading label={t('Loading video…')} />;
  } else if (video.isError) {
    body = (
      <div role="alert" className="py-4 text-red-700 dark:text-red-300">
        <p>{httpStatus(video.error) === 404 ? errorMessage(video.error, t(MSG.videoFetchFailed)) : fetchErrorText(video.error)}</p>
      </div>
    );
  } else {
    body = <Watch key={video.data._id} video={video.data} />;
  }

  return (
    <section>
      <p className="mb-4">
        <Link to="/video" className={backLink}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          {t('All videos')}
        </Link>
      </p>
      <PageHeader title={video.data ? videoName(video.data) : t('Video')} />
      {body}
    </section>
  );
}
