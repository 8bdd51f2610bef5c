// A card's picture: YouTube's own thumbnail, or for a direct file a drawn placeholder (no network request).
// A thumbnail that fails to load (offline, removed video) falls back to the placeholder too.
import { useState } from 'react';
import { Film } from 'lucide-react';
import { videoSource } from './video-source';

export function VideoThumbnail({ link, className = '' }: { link: string; className?: string }) {
  const source = videoSource(link);
  const [broken, setBroken] = useState(false);
  const frame = `relative aspect-video w-full overflow-hidden rounded-lg bg-slate-200 dark:bg-slate-800 ${className}`;
  if (source.kind === 'youtube' && !broken) {
    return (
      <div className={frame}>
        {/* Decorative: the card names the video in text. */}
        <img
          src={source.thumbnailUrl}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="h-full w-full object-cover"
        />
      </div>
    );
  }
  return (
    <div
      className={`${frame} flex items-center justify-center bg-gradient-to-br from-slate-200 to-slate-300 text-slate-600 dark:from-slate-800 dark:to-slate-700 dark:text-slate-300`}
      data-testid="video-placeholder"
    >
      <Film aria-hidden="true" className="h-10 w-10" />
    </div>
  );
}
