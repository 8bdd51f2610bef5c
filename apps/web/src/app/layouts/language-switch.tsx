// The top bar's language switch (docs/i18n.md): English ⇄ العربية. The choice is kept in local storage `lang` and,
// for a signed-in user, on the account (PUT /user/language), so the API and e-mails speak it too.
import { useState } from 'react';
import { useStoredAuth } from '../../lib/auth-storage';
import { setLang, t, useLang, type Lang } from '../../lib/i18n';

const NAMES: Record<Lang, string> = { en: 'English', ar: 'العربية' };

/** Saves the choice on the account, then drops cached answers: the server wrote their texts (notifications) in the old language. */
async function saveOnAccount(lang: Lang) {
  const { api } = await import('../../lib/api');
  await api.put('/user/language', { language: lang });
  const { queryClient } = await import('../../lib/query-client');
  await queryClient.invalidateQueries();
}

export function LanguageSwitch() {
  const lang = useLang();
  const { isLoggedIn } = useStoredAuth();
  const [busy, setBusy] = useState(false);
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className="inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:text-slate-100 dark:hover:bg-slate-800"
      data-testid="language-switch"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          // The account first, so the next API answers are already in the new language.
          if (isLoggedIn) await saveOnAccount(other).catch(() => {});
          await setLang(other);
        } finally {
          setBusy(false);
        }
      }}
    >
      {/* The name read out starts with what is shown, as speech input expects (WCAG 2.5.3): "العربية, switch…". */}
      <span lang={other}>{NAMES[other]}</span>
      <span className="sr-only">{t(', switch the language from {current}', { current: NAMES[lang] })}</span>
    </button>
  );
}
