// What a video link is (docs/product.md#records: a YouTube link or a direct file) and how long it must be watched.
import { isDirectVideoFile, youTubeEmbed, youTubeId, youTubeThumbnail } from '@app/contract';
import { t } from '../../lib/i18n';
import { formatDuration } from '../../lib/duration';
import { formatDate } from '../../components/ui/date-time';

export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string; thumbnailUrl: string }
  | { kind: 'file'; url: string; fileName: string }
  | { kind: 'unknown'; url: string };

function lastPathSegment(link: string): string {
  try {
    const url = new URL(link);
    const segment = url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  } catch {
    return link;
  }
}

export function videoSource(link: string): VideoSource {
  const id = youTubeId(link);
  if (id) {
    // playsinline: iOS plays in the page instead of forcing full screen (autoplay needs that and mute).
    return { kind: 'youtube', id, embedUrl: `${youTubeEmbed(id)}&playsinline=1`, thumbnailUrl: youTubeThumbnail(id) };
  }
  if (isDirectVideoFile(link)) return { kind: 'file', url: link, fileName: lastPathSegment(link) };
  return { kind: 'unknown', url: link };
}

/** "5 Mar 2026" in English, "5 مارس 2026" in Arabic: the app's one date format (its UTC day). */
const addedOn = (createdAt: string) => formatDate(createdAt, { day: true, utc: true });

/**
 * What the library, the player and the admin desk call a video: its title, else a readable
 * default: a file's name, or the kind of video and the day it was added (never YouTube's raw id).
 */
export function videoName(video: { title: string | null; link: string; createdAt: string }): string {
  if (video.title) return video.title;
  const source = videoSource(video.link);
  if (source.kind === 'file') return source.fileName;
  const date = addedOn(video.createdAt);
  return source.kind === 'youtube' ? t('YouTube video added {date}', { date }) : t('Video added {date}', { date });
}

/**
 * Seconds to watch for the reward: time (minutes, 2 decimals) × 60, computed on whole centiminutes so
 * 0.05 min is exactly 3 s (0.05 × 60 in floating point is 3.0000000000000004).
 */
export function watchSeconds(timeMinutes: number): number {
  const centiminutes = Math.round(timeMinutes * 100);
  return Math.max(1, Math.ceil((centiminutes * 60) / 100));
}

/** How long the video must be watched, as a clock reads it: 0.1 min is "0:06", 12.57 min "12:34". */
export const watchDuration = (timeMinutes: number): string => formatDuration(watchSeconds(timeMinutes));
