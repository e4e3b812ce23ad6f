// The site's service worker, served as /sw.js (always revalidated: Cache-Control no-cache). The build
// (vite-plugins/pwa.ts) fills in BUILD: every file of the built app and a version that changes with any
// of them. Policy:
// - the app shell (index.html, the fingerprinted scripts and styles, icons) is cached at install;
// - page loads go to the network first; offline, the cached shell opens and the app says it is offline;
// - other shell files come from the cache; /api is never cached or touched (private, always live).

const BUILD = { version: 'unbuilt', files: [] };

const prefix = 'app-shell-';
const cacheName = prefix + BUILD.version;
const shell = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      // Revalidated, so an unfingerprinted file (theme.js, index.html) is never taken from a stale HTTP cache.
      .then((cache) => cache.addAll(BUILD.files.map((file) => new Request(file, { cache: 'no-cache' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(prefix) && name !== cacheName).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match(shell, { cacheName }).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  event.respondWith(caches.match(request, { cacheName }).then((cached) => cached ?? fetch(request)));
});
