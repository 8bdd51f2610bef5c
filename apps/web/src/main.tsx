import './zod-jitless';
import { Fragment, StrictMode, type ReactNode } from 'react';
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

// The first render waits for the chosen language's shell messages (none to fetch in English).
void setLang(initialLang(), { persist: false }).finally(() => {
  createRoot(root).render(
    <StrictMode>
        <LangRoot>
          <Providers>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </LangRoot>
    </StrictMode>,
  );
});
