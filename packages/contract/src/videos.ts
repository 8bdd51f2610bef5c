// Video payloads (docs/product.md#records, #validation, #api; #videos). A video is a YouTube link or a direct video file, the points it
// pays (cents on the server) and the minutes it must be watched (centiminutes on the server: minutes × 100).
// Client forms and the server apply the same schemas, so both give one message.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { INVISIBLE_CHARS } from './auth.js';
import { parseCents } from './money.js';

export const VIDEO_MSG = {
  fillAll: 'Please fill all the fields',
  linkScheme: 'Link must be an http or https URL',
  linkKind: 'Link must be a YouTube video URL or a direct video file URL (.mp4, .webm, .ogg, .ogv, .m4v, .mov)',
  linkTooLong: 'Link must be at most 2048 characters',
  pointPositive: 'Points must be greater than 0',
  pointFormat: 'Points must be a number with at most 2 decimals, up to 1,000,000.00',
  timeRange: `Time must be between 0.01 and ${LIMITS.videoMaxMinutes} minutes`,
  timeFormat: 'Time must be a number of minutes with at most 2 decimals',
  videoIdRequired: 'Please fill all the fields',
  notFound: 'Video not found',
  openFirst: 'Open the video before asking for its reward',
  notDue: 'Keep watching: the reward is not due yet',
  alreadyPaid: 'You have already earned the points for this video today',
  subscriptionRequired: 'An active subscription is required to earn video rewards',
  titleText: 'Title must be text',
  titleTooLong: 'Title must be at most 120 characters',
  titleInvisible: 'Title must not contain invisible or direction-control characters (line breaks, tabs, zero-width or bidi marks)',
} as const;

/** A video's optional name, shown in the library and the player instead of its id. */
export const VIDEO_TITLE_MAX = 120;

export const VIDEO_LINK_MAX = 2048;
export const VIDEO_MAX_CENTIMINUTES = LIMITS.videoMaxMinutes * 100;
/** The reward is due this many seconds before time × 60 (clock and network slack). */
export const VIDEO_REWARD_SLACK_SECONDS = 2;
export const DIRECT_VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'ogv', 'm4v', 'mov'] as const;

const YT_ID = /^[A-Za-z0-9_-]{11}$/;
const YT_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

function httpUrl(link: string): URL | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/** The 11-character YouTube id of a watch, shorts, embed, live or youtu.be link; null for anything else. */
export function youTubeId(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const url = httpUrl(link.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (YT_HOSTS.has(host)) {
    if (parts[0] === 'watch' && parts.length === 1) id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && YT_ID.test(id) ? id : null;
}

/** True for an http(s) link whose path names a video file the browser's <video> element can play. */
export function isDirectVideoFile(link: unknown): boolean {
  if (typeof link !== 'string') return false;
  const url = httpUrl(link.trim());
  if (!url) return false;
  const m = /\.([A-Za-z0-9]+)$/.exec(url.pathname);
  return !!m && (DIRECT_VIDEO_EXTENSIONS as readonly string[]).includes(m[1].toLowerCase());
}

export const youTubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
export const youTubeEmbed = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1`;

export const videoLink = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > VIDEO_LINK_MAX) {
    ctx.addIssue({ code: 'custom', message: VIDEO_MSG.linkTooLong });
    return z.NEVER;
  }
  const url = httpUrl(text);
  if (!url) {
    ctx.addIssue({ code: 'custom', message: VIDEO_MSG.linkScheme });
    return z.NEVER;
  }
  if (url.username || url.password || !(youTubeId(text) || isDirectVideoFile(text))) {
    ctx.addIssue({ code: 'custom', message: VIDEO_MSG.linkKind });
    return z.NEVER;
  }
  // The parsed form: no stray whitespace or control characters reach the database or the player.
  return url.href;
});

const NUMBERISH = /^-?\d+(?:\.\d+)?$/;

/** Points: a number or decimal text > 0 with at most 2 decimals → cents. */
export const videoPoint = z.unknown().transform((value, ctx) => {
  const cents = parseCents(value);
  if (cents !== null) return cents;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const message = NUMBERISH.test(text) && Number(text) <= 0 ? VIDEO_MSG.pointPositive : VIDEO_MSG.pointFormat;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

const MINUTES = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** Minutes as a number or decimal text, 0.01–600 with at most 2 decimals → centiminutes (an integer). */
export function parseCentiminutes(input: unknown): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim() : '';
  const m = MINUTES.exec(text);
  if (!m) return null;
  const centi = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return centi > 0 && centi <= VIDEO_MAX_CENTIMINUTES ? centi : null;
}

export const videoTime = z.unknown().transform((value, ctx) => {
  const centi = parseCentiminutes(value);
  if (centi !== null) return centi;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  // A plain number with at most 2 decimals is out of range; anything else is not a number of minutes.
  const message = /^-?\d+(?:\.\d{1,2})?$/.test(text) ? VIDEO_MSG.timeRange : VIDEO_MSG.timeFormat;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

/**
 * The title: trimmed and NFC-normalised; empty text means "no title" (null). Absent (undefined) is kept as
 * undefined so an edit that does not send a title (a client of the product's API) leaves the stored one alone.
 */
export const videoTitle = z.unknown().transform((value, ctx): string | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') {
    ctx.addIssue({ code: 'custom', message: VIDEO_MSG.titleText });
    return z.NEVER;
  }
  const text = value.trim().normalize('NFC');
  if (INVISIBLE_CHARS.test(text)) {
    ctx.addIssue({ code: 'custom', message: VIDEO_MSG.titleInvisible });
    return z.NEVER;
  }
  if ([...text].length > VIDEO_TITLE_MAX) {
    ctx.addIssue({ code: 'custom', message: VIDEO_MSG.titleTooLong });
    return z.NEVER;
  }
  return text || null;
});

const filled = (value: unknown) =>
  (typeof value === 'string' && value.trim().length > 0) || (typeof value === 'number' && !Number.isNaN(value));

/** POST /video and PUT /video/{id}: link, point and time all required (docs/product.md#validation); an optional title. */
export const videoBody = z
  .object(
    { link: z.unknown().optional(), point: z.unknown().optional(), time: z.unknown().optional(), title: z.unknown().optional() },
    { error: VIDEO_MSG.fillAll },
  )
  .superRefine((v, ctx) => {
    if (![v.link, v.point, v.time].every(filled)) ctx.addIssue({ code: 'custom', message: VIDEO_MSG.fillAll });
  })
  .pipe(z.object({ link: videoLink, point: videoPoint, time: videoTime, title: videoTitle.optional() }));

/** POST /video/add-point: the video's own points are paid; a client-sent `point` is accepted and ignored. */
export const addPointBody = z
  .object({ videoId: z.unknown().optional(), point: z.unknown().optional() }, { error: VIDEO_MSG.fillAll })
  .superRefine((v, ctx) => {
    if (!filled(v.videoId) || typeof v.videoId !== 'string') ctx.addIssue({ code: 'custom', message: VIDEO_MSG.videoIdRequired });
  })
  .pipe(z.object({ videoId: z.string().trim().max(64) }));

/** A video as every response shows it. */
export const publicVideo = z.object({
  _id: z.string(),
  /** null: no title; show videoDisplayTitle(). */
  title: z.string().nullable(),
  link: z.string(),
  point: z.number(),
  time: z.number(),
  createdAt: z.string(),
});
export type PublicVideo = z.infer<typeof publicVideo>;

/**
 * A video in the caller's library (GET /video): the record and, for the caller, today (UTC): whether they opened
 * or were paid for it, and what it paid them. Fields added beside the record's own, so the spec's shape holds.
 */
export const libraryVideo = publicVideo.extend({
  watchedToday: z.boolean(),
  /** Points paid to the caller for this video today; 0 when none. */
  earnedToday: z.number(),
});
export type LibraryVideo = z.infer<typeof libraryVideo>;
