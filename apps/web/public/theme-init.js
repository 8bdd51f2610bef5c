// Applies the saved theme before first paint (kept out of index.html so the CSP can stay script-src 'self').
(function () {
  try {
    if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch (e) {
    /* storage unavailable: stay light */
  }
})();
