// How long a video plays, as a clock reads it: 0:06, 12:34, 1:02:03 (never "0.1 min"). The same in every
// language: the digits and colons of a duration are not translated (docs/i18n.md keeps Latin digits).

/** Whole seconds as m:ss, or h:mm:ss from an hour. */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}
