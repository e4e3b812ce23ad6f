/* global document -- a classic script run in the browser */
// Applies the theme chosen with the site's 'Dark mode' toggle before the first paint (see src/lib/theme.ts).
// A file of its own because the Content-Security-Policy runs scripts from this site only, never inline.
(function () {
  try {
    var theme = localStorage.getItem('theme');
    if (theme !== 'light' && theme !== 'dark') return;
    document.documentElement.dataset.theme = theme;
    // The browser bar's colour too: the chosen scheme's theme-color (src/lib/theme.ts, applyThemeColor).
    document.querySelectorAll('meta[name="theme-color"][data-scheme]').forEach(function (meta) {
      meta.media = meta.dataset.scheme === theme ? 'all' : 'not all';
    });
  } catch {
    // No storage: the system's preference applies (styles.css).
  }
})();
