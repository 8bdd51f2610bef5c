import './zod-jitless';
import { Fragment, StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { initialLang, registerRuntime, setLang, useLang } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** A switch of language renders the whole tree anew, so every t() call reads the new language. */
function LangRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLang()}>{children}</Fragment>;
}

registerRuntime(() => import('@lingui/core'));

// The first render waits for the chosen language's shell messages (none to fetch in English). It is a transition,
// so React renders it in slices of a few milliseconds, yielding to the browser between them, instead of in one
// task as long as the whole shell takes (Lighthouse's total blocking time; docs/performance.md).
void setLang(initialLang(), { persist: false }).finally(() => {
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
