// Preload hints for the web app's first load. The web build writes dist/route-preload.json: the main chunk's
// imports (`entry`), and each lazy public route's pattern and its chunks with their imports (`routes`). A page
// request answered with index.html gets `Link: </assets/…>; rel=modulepreload` for the entry's imports and its
// route's chunks, so the browser fetches them beside the main chunk instead of after it has run, and no
// JavaScript has to carry the table.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { trimTrailingSlashes } from '@app/contract';

const SAFE_FILE = /^[\w.-]+\.js$/;

/** The Link header value for a page path, or undefined (no table). */
export function routePreloader(webDist: string): (url: string) => string | undefined {
  const file = path.join(webDist, 'route-preload.json');
  if (!existsSync(file)) return () => undefined;
  const { entry = [], routes } = JSON.parse(readFileSync(file, 'utf8')) as { entry?: string[]; routes: [string, string[]][] };
  const links = (files: string[]) => {
    const unsafe = files.find((f) => !SAFE_FILE.test(f));
    if (unsafe) throw new Error(`route-preload.json names an unexpected file: ${unsafe}`);
    return files.map((f) => `</assets/${f}>; rel=modulepreload; crossorigin`);
  };
  const always = links(entry);
  const table = routes.map(([pattern, files]) => ({ route: new RegExp(pattern, 'i'), link: [...always, ...links(files)].join(', ') }));
  const otherwise = always.length ? always.join(', ') : undefined;
  return (url) => {
    const pathname = trimTrailingSlashes(url.split('?', 1)[0]) || '/';
    return table.find((r) => r.route.test(pathname))?.link ?? otherwise;
  };
}
