// Preload hints for the web app's first load. The web build writes dist/route-preload.json: what index.html loads
// before the first paint (`head`: theme-init.js, the stylesheet, the main chunk), the main chunk's imports
// (`entry`), the message catalogs by language and bundle (`messages`) and the chunk of Lingui's runtime
// (`runtime`), each lazy route's pattern, its chunks with their imports and its message bundles (`routes`), and the
// pictures that are a page's largest paint (`images`: the home page's hero).
// A page request answered with index.html gets `Link: </assets/…>; rel=modulepreload` for the entry's imports and
// its route's chunks, and `rel=preload; as=fetch` for its catalogs in the reader's language, so the browser
// fetches them beside the main chunk instead of after it has run, and no JavaScript has to carry the table. Such a
// picture gets `rel=preload; as=image`, last: it is small, and the browser would otherwise ask for it only once the
// main chunk has run and drawn it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, trimTrailingSlashes, type Language } from '@app/contract';

const SAFE_FILE = /^[\w.-]+\.js$/;
const SAFE_HEAD = /^\/(assets\/)?[\w.-]+\.(js|css)$/;
const SAFE_CATALOG = /^messages-[\w-]+\.json$/;
const SAFE_IMAGE = /^\/art\/[\w-]+\.(svg|png|webp|avif)$/;

type Catalogs = Partial<Record<Language, Record<string, { file: string; runtime: boolean }>>>;

/**
 * The Link header value for a page path in a reader's language, or undefined (no table). A page's message
 * catalogs are named in that language only (and Lingui's runtime when one of them has plurals or selects).
 */
export function routePreloader(webDist: string): (url: string, lang?: Language) => string | undefined {
  const file = path.join(webDist, 'route-preload.json');
  if (!existsSync(file)) return () => undefined;
  const {
    head = [],
    entry = [],
    runtime = [],
    messages = {},
    routes,
    images = [],
  } = JSON.parse(readFileSync(file, 'utf8')) as {
    head?: string[];
    entry?: string[];
    runtime?: string[];
    messages?: Catalogs;
    routes: [string, string[], string[]?][];
    images?: [string, string[]][];
  };
  const check = (files: string[], safe: RegExp) => {
    const unsafe = files.find((f) => !safe.test(f));
    if (unsafe) throw new Error(`route-preload.json names an unexpected file: ${unsafe}`);
    return files;
  };
  const links = (files: string[]) => check(files, SAFE_FILE).map((f) => `</assets/${f}>; rel=modulepreload; crossorigin`);
  // What index.html loads before the first paint goes first: over HTTP/1.1 the browser fetches hints in order, six at
  // a time. theme-init.js is a classic script (no crossorigin), the stylesheet and main chunk are named with one.
  const headLinks = check(head, SAFE_HEAD).map((f) => {
    if (f.endsWith('.css')) return `<${f}>; rel=preload; as=style; crossorigin`;
    return f.startsWith('/assets/') ? `<${f}>; rel=modulepreload; crossorigin` : `<${f}>; rel=preload; as=script`;
  });
  const always = [...headLinks, ...links(entry)];
  // lib/i18n.ts fetches a catalog with fetch() (CORS mode, same-origin credentials): `crossorigin` matches it.
  const catalogLinks = (lang: Language, bundles: string[]) => {
    const catalogs = bundles.flatMap((b) => messages[lang]?.[b] ?? []);
    check(
      catalogs.map((c) => c.file),
      SAFE_CATALOG,
    );
    return [
      ...catalogs.map((c) => `</assets/${c.file}>; rel=preload; as=fetch; crossorigin`),
      ...(catalogs.some((c) => c.runtime) ? links(runtime) : []),
    ];
  };
  const table = routes.map(([pattern, files, bundles = []]) => {
    const chunks = links(files);
    const byLang = Object.fromEntries(LANGUAGES.map((lang) => [lang, [...always, ...chunks, ...catalogLinks(lang, bundles)].join(', ')]));
    return { route: new RegExp(pattern, 'i'), link: byLang as Record<Language, string> };
  });
  const otherwise = always.length ? always.join(', ') : undefined;
  const pictures = images.map(([pattern, files]) => ({
    route: new RegExp(pattern, 'i'),
    links: check(files, SAFE_IMAGE).map((f) => `<${f}>; rel=preload; as=image; fetchpriority=high`),
  }));
  return (url, lang = 'en') => {
    const pathname = trimTrailingSlashes(url.split('?', 1)[0]) || '/';
    const link = table.find((r) => r.route.test(pathname))?.link[lang] ?? otherwise;
    const picture = pictures.find((p) => p.route.test(pathname))?.links ?? [];
    return picture.length ? [...(link ? [link] : []), ...picture].join(', ') : link;
  };
}
