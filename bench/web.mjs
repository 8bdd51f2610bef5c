// Web figures: the gzipped JavaScript / loads before any interaction, and Lighthouse (mobile) scores.
// Lighthouse drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) through chrome-launcher;
// nothing ever downloads a browser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './lib.mjs';

/** Every script and modulepreload of dist/index.html, gzipped one by one (level 9, as a server would). */
export function initialJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const src = m[1] ?? /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (!src || /^https?:/.test(src)) continue;
    const bytes = readFileSync(path.join(distDir, src.replace(/^\//, '')));
    files.push({ file: src, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
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

/** Lighthouse (default config: mobile, simulated throttling) on each URL `runs` times; medians per category. */
export async function lighthouseScores(baseUrl, pages, { runs = 3, log }) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const out = {};
  const details = {};
  for (const page of pages) {
    const perRun = [];
    for (let r = 0; r < runs; r++) {
      // A fresh browser per run: no cache or service state carried from one run to the next.
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
      try {
        const result = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
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
