/** The service worker the build writes (vite-plugins/pwa.ts): the offline app shell that makes the site installable. */
const serviceWorkerUrl = '/sw.js';

/** Registers the service worker once the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(): void {
  // Absent on plain-HTTP origins other than localhost: the site then works as before, only not offline.
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(serviceWorkerUrl).catch((error: unknown) => {
      console.warn('The offline app shell is unavailable:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
