/* global document -- a classic script run in the browser */
// Applies the theme chosen with the site's 'Dark mode' toggle before the first paint (see src/lib/theme.ts).
// A file of its own because the Content-Security-Policy runs scripts from this site only, never inline.
(function () {
  try {
    var theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    // No storage: the system's preference applies (styles.css).
  }
})();
