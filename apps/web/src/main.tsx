import './zod-jitless';
import { Fragment, StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { initialLang, registerRuntime, setLang, useLang } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** A switch of language renders the whole tree anew, so every t() call reads the new language. */
function LangRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLang()}>{children}</Fragment>;
}

registerRuntime(() => import('@lingui/core'));

/** How long the first render waits for its page's chunk before it draws the shell and the skeleton instead. */
const FIRST_PAGE_WAIT_MS = 1000;

// The first render waits for the chosen language's shell messages (none to fetch in English) and then, up to a
// second, for the page asked for (its chunk, messages in that language, and first call): drawn with the shell in
// one commit, it shows some 300 ms sooner than after the skeleton (lib/lazy-page.tsx). It is a transition, so React
// renders it in slices of a few milliseconds, yielding to the browser between them, instead of in one task as long
// as the whole shell takes (Lighthouse's total blocking time; docs/performance.md).
const firstPage = () =>
  Promise.race([
    preloadRoute(window.location.pathname).catch(() => undefined), // a chunk that fails fails again in the render, shown there
    new Promise((done) => window.setTimeout(done, FIRST_PAGE_WAIT_MS)),
  ]);
void setLang(initialLang(), { persist: false }).then(firstPage, firstPage).finally(() => {
  const app = createRoot(root);
  startTransition(() => app.render(
    <StrictMode>
        <LangRoot>
          <Providers>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </LangRoot>
    </StrictMode>,
  ));
});
