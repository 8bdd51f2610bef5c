// Web figures: the gzipped JavaScript / loads before any interaction, and Lighthouse (mobile) scores.
// Both drive Debian's Chromium (CHROME_PATH, default /usr/bin/chromium): initialJs through Playwright,
// Lighthouse through chrome-launcher; nothing ever downloads a browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { median, waitForQuietCpu } from './lib.mjs';

/**
 * The JavaScript a real browser loads for `/` before any interaction: Chromium opens the running
 * server's `/` (fresh profile, no cache, logged out) and waits for the network to go idle; every
 * script response counts, gzipped one by one (level 9, as a server would) from its file in dist, or
 * from the bytes received when it has none there.
 * `lang`: the language of a first visit, as the browser asks for it (navigator.languages and
 * Accept-Language: `en-US` or `ar-AE`); the page must end up in that language (`<html lang>`), else it throws.
 * Only that language's messages may load, so both are measured against the same budget.
 */
export async function initialJs(baseUrl, distDir, { lang = 'en' } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  const files = [];
  const catalogs = [];
  try {
    const context = await browser.newContext({ locale: lang === 'ar' ? 'ar-AE' : 'en-US' });
    const page = await context.newPage();
    const pending = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = new URL(res.url());
      // The message catalogs (JSON): counted apart from the JavaScript, named by language and bundle.
      const catalog = /\/messages-(en|ar)-(\w+)-[\w-]*\.json$/.exec(url.pathname);
      if (catalog && res.ok()) {
        pending.push(
          (async () => {
            const bytes = await res.body();
            catalogs.push({ catalog: `${catalog[1]}-${catalog[2]}`, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
          })(),
        );
        return;
      }
      if (type !== 'script' && !/\.m?js$/.test(url.pathname)) return;
      // A script answered with something else (the SPA's HTML fallback for a stale hash) ran no code.
      if (!res.ok() || !/javascript/.test(res.headers()['content-type'] ?? '')) return;
      pending.push(
        (async () => {
          const local = path.join(distDir, decodeURIComponent(url.pathname));
          const bytes = url.origin === new URL(baseUrl).origin && local.startsWith(distDir) && existsSync(local) ? readFileSync(local) : await res.body();
          files.push({ file: url.origin === new URL(baseUrl).origin ? url.pathname : url.href, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
        })(),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    // eslint-disable-next-line no-undef -- runs in the page (page.evaluate), where document exists
    const shown = await page.evaluate(() => document.documentElement.lang);
    if (shown !== lang) throw new Error(`initial JS of / in ${lang}: the page came up in ${JSON.stringify(shown)}`);
  } finally {
    await browser.close();
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const messages = catalogs.reduce((s, f) => s + f.gzip, 0);
  return { kb: Math.round((total / 1024) * 10) / 10, files, messages_kb: Math.round((messages / 1024) * 10) / 10, catalogs };
}

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The message catalogs a run downloaded (`ar-shell`, `en-app`, …), from Lighthouse's network requests. */
function catalogsOf(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return [...new Set(items.map((i) => /\/messages-(en|ar)-(\w+)-[\w-]*\.json/.exec(i.url ?? '')).filter(Boolean).map((m) => `${m[1]}-${m[2]}`))];
}

/**
 * Prepares the fresh browser before a page is measured: for a signed-in page the session cookie and the stored
 * login the client's guard reads (local storage); for a page in Arabic the saved language (`lang`). Set from a
 * JSON answer of the server so no app asset lands in the cache.
 * `session`: { cookies: [{ name, value }], localStorage: { key: value } }.
 */
async function prepare(port, baseUrl, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies(session.cookies.map((c) => ({ ...c, url: baseUrl })));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/v1/health`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, session.localStorage);
    await page.close();
  } finally {
    await browser.close(); // a CDP connection: disconnects, the browser keeps running
  }
}

/** The key of an Arabic page in the results: `/ (ar)`. */
export const arabic = (page) => `${page} (ar)`;

/**
 * Lighthouse (default config: mobile, simulated throttling) on each URL `runs` times; medians per category.
 * Paths in `signedIn` are measured with `session` (prepare above) and without Lighthouse's storage reset.
 * `arabicPages` are measured a second time in Arabic (local storage `lang` = `ar`, the choice a returning
 * visitor has saved; no storage reset), under the key `arabic(page)`; the run fails unless the page was Arabic.
 */
export async function lighthouseScores(baseUrl, pages, { runs = 3, log, session, signedIn = [], arabicPages = [] }) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const out = {};
  const details = {};
  const measured = [...pages.map((path) => ({ path, key: path, lang: 'en' })), ...arabicPages.map((path) => ({ path, key: arabic(path), lang: 'ar' }))];
  for (const { path: page, key, lang } of measured) {
    const perRun = [];
    let retries = 0;
    try {
    for (let r = 0; r < runs; r++) {
      // Each run on a quiet machine (lib.mjs): what the server still does after the loads is not the page's.
      const quiet = await waitForQuietCpu();
      if (!quiet.quiet && quiet.busy !== null) log(`lighthouse ${key} run ${r + 1}: the machine was still ${Math.round(quiet.busy * 100)} % busy after ${quiet.waited_s} s; measured anyway`);
      // A fresh browser per run: no cache or service state carried from one run to the next.
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
      try {
        const asUser = signedIn.includes(page);
        const storage = {
          cookies: asUser ? session.cookies : [],
          localStorage: { ...(asUser ? session.localStorage : {}), ...(lang === 'ar' ? { lang: 'ar' } : {}) },
        };
        const keep = asUser || lang === 'ar';
        if (keep) await prepare(chrome.port, baseUrl, storage);
        const result = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          ...(keep ? { disableStorageReset: true } : {}),
        });
        const lhr = result.lhr;
        if (lhr.runtimeError) {
          log(`lighthouse ${key}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          // Lighthouse could not measure the page at all (its own error, such as NO_NAVSTART, "Please run Lighthouse
          // again"): no score, not a run of the page. Run it again, twice at most; a third error stays a run without
          // scores, which misses the goal. Checked before the page's own checks below: a run
          // that measured nothing may lack the final URL and the downloads they read.
          if (retries < 2) {
            retries++;
            r--;
            continue;
          }
        }
        if (asUser && new URL(lhr.finalDisplayedUrl).pathname !== page) throw new Error(`lighthouse ${page}: not signed in (ended on ${lhr.finalDisplayedUrl})`);
        // In Arabic the page must have loaded the Arabic texts, and no English catalog.
        const catalogs = catalogsOf(lhr);
        if (lang === 'ar' && (!catalogs.includes('ar-shell') || catalogs.some((c) => c.startsWith('en-')))) {
          throw new Error(`lighthouse ${key}: not shown in Arabic (catalogs downloaded: ${catalogs.join(', ') || 'none'})`);
        }
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]));
        const failed = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode))
          .map((a) => `${a.id}${a.scoreDisplayMode === 'numeric' ? `=${a.displayValue ?? a.score}` : ''}`);
        perRun.push({ scores, failed, lcp_ms: lhr.audits['largest-contentful-paint']?.numericValue, tbt_ms: lhr.audits['total-blocking-time']?.numericValue, quiet });
        log(`lighthouse ${key} run ${r + 1}: ${JSON.stringify(scores)}${failed.length ? ` (below 100: ${failed.join(', ')})` : ''}`);
      } finally {
        await chrome.kill();
      }
    }
    } catch (e) {
      // One page that cannot be measured leaves its goal missed; the other pages are still measured.
      log(`lighthouse ${key} could not run: ${e.message}`);
      continue;
    }
    out[key] = {
      performance: median(perRun.map((x) => x.scores.performance)),
      accessibility: median(perRun.map((x) => x.scores.accessibility)),
      best_practices: median(perRun.map((x) => x.scores['best-practices'])),
      seo: median(perRun.map((x) => x.scores.seo)),
      // The weakest run's performance: the signed-in home's goal holds in every run, not only the median.
      performance_min: Math.min(...perRun.map((x) => x.scores.performance)),
    };
    details[key] = {
      performance_per_run: perRun.map((x) => x.scores.performance),
      lcp_ms: Math.round(median(perRun.map((x) => x.lcp_ms)) ?? 0),
      tbt_ms: Math.round(median(perRun.map((x) => x.tbt_ms)) ?? 0),
      // The machine before each run: seconds waited for it to come quiet, and its busy share then.
      quiet_before_runs: perRun.map((x) => ({ waited_s: x.quiet.waited_s, busy: x.quiet.busy })),
      // Audits below 100 in any run (their values are in the log).
      below_100: [...new Set(perRun.flatMap((x) => x.failed.map((f) => f.split('=')[0])))],
    };
  }
  return { scores: out, details };
}
