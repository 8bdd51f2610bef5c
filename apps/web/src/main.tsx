import './zod-jitless';
import { Fragment, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { i18n, initialLang, setLang, useLang } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** A switch of language renders the whole tree anew, so every t() call reads the new language. */
function LangRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLang()}>{children}</Fragment>;
}

// The first render waits for the chosen language's shell messages (none to fetch in English).
void setLang(initialLang(), { persist: false }).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LangRoot>
          <Providers>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </LangRoot>
      </I18nProvider>
    </StrictMode>,
  );
});
