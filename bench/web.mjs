// Web figures: the gzipped JavaScript / loads before any interaction, and Lighthouse (mobile) scores.
// Both drive Debian's Chromium (CHROME_PATH, default /usr/bin/chromium): initialJs through Playwright,
// Lighthouse through chrome-launcher; nothing ever downloads a browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { median } from './lib.mjs';

/**
 * The JavaScript a real browser loads for `/` before any interaction: Chromium opens the running
 * server's `/` (fresh profile, no cache, logged out) and waits for the network to go idle; every
 * script response counts, gzipped one by one (level 9, as a server would) from its file in dist, or
 * from the bytes received when it has none there.
 */
export async function initialJs(baseUrl, distDir) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  const files = [];
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = new URL(res.url());
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
  } finally {
    await browser.close();
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((s, f) => s + f.gzip, 0);
  return { kb: Math.round((total / 1024) * 10) / 10, files };
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

/**
 * Signs the fresh browser in before a signed-in page is measured: the session cookie, and the stored login the
 * client's guard reads (local storage), set from a JSON answer of the server so no app asset lands in the cache.
 * `session`: { cookies: [{ name, value }], localStorage: { key: value } }.
 */
async function signIn(port, baseUrl, session) {
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

/**
 * Lighthouse (default config: mobile, simulated throttling) on each URL `runs` times; medians per category.
 * Paths in `signedIn` are measured with `session` (signIn above) and without Lighthouse's storage reset.
 */
export async function lighthouseScores(baseUrl, pages, { runs = 3, log, session, signedIn = [] }) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const out = {};
  const details = {};
  for (const page of pages) {
    const perRun = [];
    for (let r = 0; r < runs; r++) {
      // A fresh browser per run: no cache or service state carried from one run to the next.
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
      try {
        const asUser = signedIn.includes(page);
        if (asUser) await signIn(chrome.port, baseUrl, session);
        const result = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          ...(asUser ? { disableStorageReset: true } : {}),
        });
        if (asUser && new URL(result.lhr.finalDisplayedUrl).pathname !== page) throw new Error(`lighthouse ${page}: not signed in (ended on ${result.lhr.finalDisplayedUrl})`);
        const lhr = result.lhr;
        if (lhr.runtimeError) log(`lighthouse ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]));
        const failed = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode))
          .map((a) => `${a.id}${a.scoreDisplayMode === 'numeric' ? `=${a.displayValue ?? a.score}` : ''}`);
        perRun.push({ scores, failed, lcp_ms: lhr.audits['largest-contentful-paint']?.numericValue, tbt_ms: lhr.audits['total-blocking-time']?.numericValue });
        log(`lighthouse ${page} run ${r + 1}: ${JSON.stringify(scores)}${failed.length ? ` (below 100: ${failed.join(', ')})` : ''}`);
      } finally {
        await chrome.kill();
      }
    }
    out[page] = {
      performance: median(perRun.map((x) => x.scores.performance)),
      accessibility: median(perRun.map((x) => x.scores.accessibility)),
      best_practices: median(perRun.map((x) => x.scores['best-practices'])),
      seo: median(perRun.map((x) => x.scores.seo)),
    };
    details[page] = {
      lcp_ms: Math.round(median(perRun.map((x) => x.lcp_ms)) ?? 0),
      tbt_ms: Math.round(median(perRun.map((x) => x.tbt_ms)) ?? 0),
      // Audits below 100 in any run (their values are in the log).
      below_100: [...new Set(perRun.flatMap((x) => x.failed.map((f) => f.split('=')[0])))],
    };
  }
  return { scores: out, details };
}
