/* global document, window */
// Runs before the first paint (plain, blocking script; the CSP forbids inline ones) so a dark-theme
// user never sees a white flash. Mirrors src/lib/theme.ts and src/lib/i18n.ts; keep them in step.
(function () {
  var root = document.documentElement;
  try {
    var theme = window.localStorage.getItem('theme');
    var prefersDark =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    var dark = theme === 'dark' || (theme !== 'light' && Boolean(prefersDark));
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var language = window.localStorage.getItem('language');
    if (language === 'en' || language === 'tr') root.lang = language;
  } catch (_error) {
    // Storage can be blocked (privacy mode); the app applies its defaults once it starts.
  }
})();
