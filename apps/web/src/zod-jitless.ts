// The shared zod schemas would probe `new Function` once (zod 4's JIT for object parsing); this site's CSP
// (script-src 'self', no 'unsafe-eval') refuses it, and Chromium lists every refusal as a CSP issue
// (Lighthouse best practices, "inspector-issues"). zod reads its global config from this object when a
// schema is built, so setting it here — before any lazy chunk with schemas loads — turns the probe off
// without importing zod into the first load. Imported first by main.tsx.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;
export {};
