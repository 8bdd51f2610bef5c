import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, minify, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isSimple, NEEDS_RUNTIME, type Compiled } from './src/lib/messages-demand';
import { HERO_ART } from './src/features/marketing/hero-art';

/**
 * Writes file.br and file.gz beside every text file of the build (when smaller), so the server can send
 * them compressed without compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      for (const file of files) {
        if (!/\.(js|css|html|svg|txt|json|webmanifest)$/.test(file)) continue;
        const data = await readFile(file);
        if (data.length < 1024) continue;
        const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(data, { level: 9 });
        if (br.length < data.length) await writeFile(`${file}.br`, br);
        if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * public/theme-init.js runs before the first paint of every page and is copied as written: the build minifies
 * the copy (it counts in the first load's JavaScript; 0.7 → 0.4 kB gzipped).
 */
function minifyThemeInit(): Plugin {
  return {
    name: 'minify-theme-init',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) this.error('minify-theme-init: no output folder');
      const file = path.join(dir, 'theme-init.js');
      const { code } = await minify('theme-init.js', await readFile(file, 'utf8'), { compress: true, mangle: true });
      await writeFile(file, code);
    },
  };
}

/**
 * The signed-in shell's lazy modules besides the area routes and the page: what a signed-in first load runs (the
 * top bar's user menu, the side menu's signed-in groups, the phone's tab bar, an app page's footer).
 */
const SIGNED_IN_SHELL = [
  'src/lib/query-provider.tsx',
  'src/lib/session-cache.ts',
  'src/app/layouts/user-menu.tsx',
  'src/app/layouts/signed-in-menu.tsx',
  'src/app/layouts/tab-bar.tsx',
  'src/app/layouts/compact-footer.tsx',
];

/**
 * Each `const XPage = lazyPage(() => import('…'), 'X', options)` of a route file (src/app/router.tsx,
 * src/app/area-routes.tsx): by XPage, its module and the message bundles its options name (`{ messages: […] }`,
 * or a constant of the same file such as `ADMIN`).
 */
function lazyPages(file: string, fail: (message: string) => never): Map<string, { module: string; bundles: string[] }> {
  const source = readFileSync(file, 'utf8');
  const bundlesOf = (options: string | undefined): string[] => {
    if (!options) return [];
    const literal = /^\w+$/.test(options) ? new RegExp(`const ${options} = (\\{[^}]*\\})`).exec(source)?.[1] : options;
    if (literal === undefined) fail(`${file}: no constant ${options}`);
    const list = /messages: \[([^\]]*)\]/.exec(literal)?.[1] ?? '';
    return [...list.matchAll(/'(\w+)'/g)].map((b) => b[1]);
  };
  const pages = new Map<string, { module: string; bundles: string[] }>();
  for (const m of source.matchAll(/const (\w+) = lazyPage\(\s*\(\) => import\('([^']+)'\),\s*'\w+'(?:,\s*(\w+|\{[^}]*\}))?\s*,?\s*\)/g)) {
    pages.set(m[1], { module: path.resolve(path.dirname(file), `${m[2]}.tsx`), bundles: bundlesOf(m[3]) });
  }
  return pages;
}

/**
 * The public pages are lazy chunks, which the browser would only request once the main chunk has run.
 * This writes dist/route-preload.json: the main chunk's imports, and each public route's pattern and its
 * chunks (with their imports).
 * The server reads it and answers a page request with a `Link: <…>; rel=modulepreload` header for that
 * route's chunks, so they download beside the main chunk, and no JavaScript has to carry the table. The
 * table comes from src/app/router.tsx: each `{ path: '…', element: <XPage /> }` whose XPage is
 * `lazyPage(() => import('…'), …)`. The signed-in pages of src/app/area-routes.tsx (`element: <XPage />` or
 * `Component: XPage`) get the area chunk, their page, the query provider and the session cache with it, so a
 * signed-in first load (e.g. /user/dashboard) fetches them all at once instead of one after another.
 * `images`: a page's picture that is its largest paint (the home page's hero, hero-art.ts), hinted with the page
 * so it does not wait for the main chunk to run and draw it.
 */
function routePreload(): Plugin {
  let outDir = 'dist';
  let root = '.';
  let table: [string, string[], string[]][] = [];
  let entryImports: string[] = [];
  let head: string[] = [];
  let messages: Record<string, Record<string, { file: string; runtime: boolean }>> = {};
  let runtimeFiles: string[] = [];
  let images: [string, string[]][] = [];
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const areaFile = path.join(root, 'src/app/area-routes.tsx');
      const source = readFileSync(routerFile, 'utf8');
      const modules = lazyPages(routerFile, (m) => this.error(`route-preload: ${m}`));
      const areaSource = readFileSync(areaFile, 'utf8');
      const areaModules = lazyPages(areaFile, (m) => this.error(`route-preload: ${m}`));
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      if (chunks.some((c) => !c.fileName.startsWith('assets/'))) this.error('route-preload: a chunk outside assets/');
      const entry = chunks.find((c) => c.isEntry);
      const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      // The main chunk's own imports (modulePreload is off, so index.html does not name them).
      entryImports = (entry?.imports ?? []).map((f) => f.replace(/^assets\//, ''));
      // What index.html itself loads before the first paint, named first in every Link header: over HTTP/1.1 the
      // browser queues the hints in order, and these must not wait behind a signed-in page's chunks.
      // (theme-init.js is a classic script that holds up the parser until it has run.)
      head = ['/theme-init.js', ...(entry?.viteMetadata?.importedCss ?? []), ...(entry ? [entry.fileName] : [])].map((f) => (f.startsWith('/') ? f : `/${f}`));
      const withImports = (fileName: string, out: Set<string>) => {
        if (out.has(fileName) || loaded.has(fileName)) return out;
        out.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const dep of chunk.imports) withImports(dep, out);
        return out;
      };
      // (a page and the SIGNED_IN_SHELL modules are lazy imports; a chunk may hold more than the one
      // module, as signedInChunks() groups the signed-in shell)
      const chunkOf = (file: string | undefined) =>
        chunks.find((c) => c.facadeModuleId === file) ?? chunks.find((c) => !!file && c.moduleIds.includes(file));
      const patternOf = (route: string) => `^${route.replace(/\$\{\w+\}|:\w+/g, '[^/]+')}$`;
      const strip = (files: Set<string>) => [...files].map((f) => f.replace(/^assets\//, ''));
      // The message catalogs by language and bundle, and Lingui's runtime: the server names a page's catalogs in the
      // reader's language (and the runtime, when one of them has plurals or selects), so they download beside the
      // main chunk instead of after it has run (lib/i18n.ts fetches the same addresses).
      messages = {};
      for (const asset of Object.values(bundle)) {
        const m = asset.type === 'asset' ? /^assets\/messages-(en|ar)-(\w+)-[\w-]+\.json$/.exec(asset.fileName) : null;
        if (!m || asset.type !== 'asset') continue;
        const compiled = JSON.parse(String(asset.source)) as Record<string, Compiled>;
        (messages[m[1]] ??= {})[m[2]] = { file: asset.fileName.replace(/^assets\//, ''), runtime: !Object.values(compiled).every(isSimple) };
      }
      const runtime = chunks.find((c) => c.moduleIds.some((id) => /[\\/]node_modules[\\/]@lingui[\\/]core[\\/]/.test(id)));
      if (!runtime) this.error('route-preload: no chunk holds @lingui/core');
      runtimeFiles = strip(withImports(runtime.fileName, new Set()));
      table = [];
      for (const m of source.matchAll(/path: [`']([^`']+)[`'], element: <(\w+)/g)) {
        const page = modules.get(m[2]);
        const chunk = chunkOf(page?.module);
        // A page of the main chunk (home), and the catch-all (it would match `/` too).
        if (!page || !chunk || m[1].includes('*')) continue;
        table.push([patternOf(m[1]), strip(withImports(chunk.fileName, new Set())), page.bundles]);
      }
      // The signed-in areas: what a first load of such a page runs before its content can render.
      const areaPage = [...modules.values()].find((p) => p.module === areaFile);
      const area = chunkOf(areaFile);
      const signedIn = SIGNED_IN_SHELL.map((file) => chunkOf(path.join(root, file)));
      if (!area || !areaPage || signedIn.some((c) => !c)) this.error('route-preload: area-routes or a SIGNED_IN_SHELL module is not in a chunk');
      for (const m of areaSource.matchAll(/path: '([^']+)', (?:element: <|Component: )(\w+)/g)) {
        const page = areaModules.get(m[2]);
        const chunk = chunkOf(page?.module);
        if (!page || !chunk) continue;
        const files = new Set<string>();
        for (const c of [area, chunk, ...signedIn]) withImports(c!.fileName, files);
        table.push([patternOf(m[1]), strip(files), [...new Set([...areaPage.bundles, ...page.bundles])]]);
      }
      const dashboard = table.find(([pattern]) => pattern === '^/user/dashboard$');
      if (!dashboard) this.error('route-preload: no entry for /user/dashboard');
      if (!dashboard[2].includes('app')) this.error('route-preload: /user/dashboard loads no `app` messages (lazyPage options not read)');
      if (table.length === 0) this.error('route-preload: no lazy route found in src/app/router.tsx');
      images = [['^/$', [HERO_ART.src]]];
      for (const [, files] of images) {
        for (const f of files) if (!existsSync(path.join(root, 'public', f))) this.error(`route-preload: ${f} is not in public/`);
      }
    },
    async writeBundle() {
      const out = { head, entry: entryImports, runtime: runtimeFiles, messages, routes: table, images };
      await writeFile(path.join(outDir, 'route-preload.json'), `${JSON.stringify(out)}\n`);
    },
  };
}

/**
 * The message catalogs (src/lib/i18n.ts): `virtual:messages/<lang>/<bundle>` is the address of a JSON file with
 * every src/locales/ar/<bundle>.<area>.json merged and compiled for Lingui's runtime: each Arabic text; in
 * English only the ids with plurals or selects (lib/i18n.ts fills `{name}` placeholders and tags itself).
 * The catalogs are data, fetched as JSON (JSON.parse is cheaper than running a module), so the JavaScript of a
 * first load is the same in both languages.
 */
function messages(): Plugin {
  const PREFIX = 'virtual:messages/';
  let localesDir = '';
  let serve = false;
  return {
    name: 'messages',
    configResolved(config) {
      localesDir = path.join(config.root, 'src/locales/ar');
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [lang, bundle] = id.slice(PREFIX.length + 1).split('/');
      if ((lang !== 'en' && lang !== 'ar') || !['shell', 'marketing', 'auth', 'app', 'admin'].includes(bundle)) this.error(`messages: unknown catalog ${id}`);
      const out: Record<string, unknown> = {};
      for (const file of readdirSync(localesDir).sort()) {
        if (!file.startsWith(`${bundle}.`) || !file.endsWith('.json')) continue;
        const full = path.join(localesDir, file);
        this.addWatchFile(full);
        const catalog = JSON.parse(readFileSync(full, 'utf8')) as Record<string, string>;
        for (const [english, arabic] of Object.entries(catalog)) {
          if (lang === 'ar') out[english] = compileMessage(arabic);
          else if (NEEDS_RUNTIME.test(english)) out[english] = compileMessage(english);
        }
      }
      // No texts (English bundles without plurals): nothing to fetch.
      if (Object.keys(out).length === 0) return `export default '';`;
      const json = JSON.stringify(out);
      // The dev server cannot emit files: a data: address serves the same JSON.
      if (serve) return `export default ${JSON.stringify(`data:application/json;charset=utf-8,${encodeURIComponent(json)}`)};`;
      const ref = this.emitFile({ type: 'asset', name: `messages-${lang}-${bundle}.json`, source: json });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    // The Arabic shell catalog's address in a <meta> of index.html: public/theme-init.js preloads it when the
    // page will be Arabic, so it downloads beside the main chunk instead of after it.
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && f.names?.includes('messages-ar-shell.json'));
        if (!asset) return undefined;
        return [{ tag: 'meta', attrs: { name: 'messages-ar-shell', content: `/${asset.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The contract, zod and the Tron address check's base58 and SHA-256 (@scure, @noble) stay where the bundler puts
 * them: grouped, the schemas a sign-in form uses would come along, and the address check (reached through the
 * contract's index) would ride in `shared` to every public page and the dashboard (4 kB gzipped they never run).
 */
const KEEP_APART = /[\\/](packages[\\/]contract|node_modules[\\/](zod|@scure|@noble))[\\/]/;

/**
 * Chunk groups for a signed-in first load (Lighthouse on /user/dashboard). Left to itself the bundler
 * cuts the signed-in shell into ~30 chunks of a few hundred bytes (each module lands in the chunk of the set of
 * pages that use it), and over HTTP/1.1's six connections per host each costs a round trip of its own. After
 * the module graph is known (buildEnd), two groups are drawn from the static imports of the signed-in shell
 * (the area routes, the dashboard and SIGNED_IN_SHELL):
 *   - `app`: what only signed-in pages use (TanStack Query, the shell's components, the dashboard);
 *   - `shared`: what the public pages use too (page and card frames, icons, constants), so a public page
 *     fetches that small chunk and never the signed-in one.
 * A module of the first load (index.html's static imports) is never moved: `/` must not grow.
 */
function signedInChunks(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean; priority: number }[] } {
  const app = new Set<string>();
  const shared = new Set<string>();
  let root = '.';
  const plugin: Plugin = {
    name: 'signed-in-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const closure = (roots: string[], stop: Set<string> = new Set()) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || stop.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        roots.forEach(visit);
        return seen;
      };
      const fail = (message: string) => this.error(`signed-in-chunks: ${message}`);
      const firstLoad = closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const areaFile = path.join(root, 'src/app/area-routes.tsx');
      const publicRoots = [...lazyPages(path.join(root, 'src/app/router.tsx'), fail).values()].map((p) => p.module).filter((f) => f !== areaFile);
      const dashboard = lazyPages(areaFile, fail).get('DashboardPage')?.module ?? fail('no DashboardPage in area-routes.tsx');
      const shellRoots = [areaFile, dashboard, ...SIGNED_IN_SHELL.map((file) => path.join(root, file))];
      for (const id of shellRoots) if (!this.getModuleInfo(id)) fail(`${id} is not in the build`);
      const publicPages = closure(publicRoots, firstLoad);
      const shell = closure(shellRoots, firstLoad);
      app.clear();
      shared.clear();
      for (const id of shell) if (!KEEP_APART.test(id)) (publicPages.has(id) ? shared : app).add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'app', test: (id) => app.has(id), priority: 20 },
      { name: 'shared', test: (id) => shared.has(id), priority: 10 },
    ],
  };
}
/**
 * React Router's module builds its components and contexts at its top level (`var NavLink = React.forwardRef(…)`,
 * `var AwaitContext = React.createContext(…)`) and names each for React's developer tools
 * (`NavLink.displayName = "NavLink"`): to the bundler both are side effects, so every component and context of the
 * library, used or not (forms, fetchers, scroll restoration, framework mode), stayed in the first load of `/`.
 * This marks those calls pure (they are) and drops the names, so what the app does not use is left out: −1.3 kB
 * gzipped of the main chunk (docs/performance.md). The build fails if React Router's code no longer looks so.
 */
function pureRouter(): Plugin {
  return {
    name: 'pure-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id) || !/^var \w+ = React\d*\.forwardRef\(/m.test(code)) return null;
      const out = code
        .replace(/^\w+\.displayName = "\w+";$/gm, '')
        .replace(/^(var \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2');
      if (!out.includes('/* @__PURE__ */ React') || out.length === code.length) this.error(`pure-router: nothing to mark in ${id}`);
      return { code: out, map: null };
    },
  };
}

const chunkGroups = signedInChunks();

export default defineConfig({
  plugins: [pureRouter(), chunkGroups.plugin, react(), tailwindcss(), messages(), routePreload(), minifyThemeInit(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No preload helper in the first chunk (~0.6 kB gzipped): the first load's chunks come from the server's
    // Link headers (route-preload.json below), and a later lazy page fetches its own imports when it loads.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Only the modules named by signedInChunks() above; everything else is split as the bundler would.
        codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups.groups },
      },
      // The shared contract builds zod schemas at module level; marking it side-effect free lets the
      // bundler drop the schemas (and zod) from chunks that only need its constants and messages.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
