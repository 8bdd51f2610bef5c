// A browser's User-Agent header as people name their device: "Chrome on Linux". One parser for the security page
// (its sessions and sign-ins) and the "New sign-in" notification, which never quotes the raw header: it is long,
// unreadable on a phone and written by whoever sent the request.

/** The browser and the system a User-Agent names; null for what it does not say recognisably. */
export function describeUserAgent(userAgent: string): { browser: string | null; os: string | null } {
  const ua = String(userAgent ?? '');
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, os };
}
