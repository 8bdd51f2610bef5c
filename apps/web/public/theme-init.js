// Applies the saved theme and language direction before first paint (kept out of index.html so the CSP can stay
// script-src 'self'). The language: local storage `lang`, else the browser's languages (lib/i18n.ts initialLang).
(function () {
  var root = document.documentElement;
  try {
    if (localStorage.getItem('theme') === 'dark') root.classList.add('dark');
  } catch (e) {
    /* storage unavailable: stay light */
  }
  var lang = null;
  try {
    lang = localStorage.getItem('lang');
  } catch (e) {
    /* storage unavailable */
  }
  if (lang !== 'en' && lang !== 'ar') {
    lang = 'en';
    var tags = navigator.languages || [navigator.language];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i] || '').toLowerCase().split('-')[0];
      if (base === 'ar' || base === 'en') {
        lang = base;
        break;
      }
    }
  }
  root.lang = lang;
  root.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // Arabic: fetch the shell's messages beside the main chunk (lib/i18n.ts asks for the same address).
  var shell = document.querySelector('meta[name="messages-ar-shell"]');
  if (lang === 'ar' && shell) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.href = shell.getAttribute('content');
    link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }
})();
