import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { paths } from '../src/lib/paths.ts';
import { site } from '../src/lib/site.ts';

export const manifestFileName = 'manifest.webmanifest';
const serviceWorkerFileName = 'sw.js';
/** The line of service-worker/sw.js that the build replaces with the real file list and version. */
const buildPlaceholder = "const BUILD = { version: 'unbuilt', files: [] };";
/** Built files the app never needs offline (the worker itself comes from the network by definition). */
const notPrecached = new Set([serviceWorkerFileName, 'robots.txt']);
/** The light palette's --color-bg (styles.css): the splash screen and title bar before the page paints. */
const background = '#ffffff';

/** The web app manifest: what a phone needs to install the site as an app. */
export function webManifest() {
  return {
    id: paths.home,
    name: site.name,
    short_name: site.name,
    description: site.tagline,
    // The assistants are what an installed app is for; the hub asks for the access code when needed.
    start_url: paths.hub,
    scope: paths.home,
    display: 'standalone',
    background_color: background,
    theme_color: background,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The worker's source with this build's files (as URLs) and a version that changes with any of their contents. */
function serviceWorkerSource(template: string, outDir: string): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const file of filesUnder(outDir)) {
    const url = `/${relative(outDir, file).split(sep).join('/')}`;
    if (notPrecached.has(url.slice(1))) continue;
    files.push(url);
    hash.update(url).update(readFileSync(file));
  }
  if (!template.includes(buildPlaceholder)) throw new Error(`service worker template lacks: ${buildPlaceholder}`);
  const build = { version: hash.digest('hex').slice(0, 16), files };
  return template.replace(buildPlaceholder, `const BUILD = ${JSON.stringify(build)};`);
}

/**
 * Makes the built site an installable app: emits the manifest and, once every file is written, the
 * service worker (service-worker/sw.js) with the list of files to cache as the offline app shell.
 */
export function pwa(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'mb-pwa',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: manifestFileName, source: JSON.stringify(webManifest(), null, 2) });
    },
    closeBundle() {
      const template = readFileSync(join(root, 'service-worker', serviceWorkerFileName), 'utf8');
      writeFileSync(join(outDir, serviceWorkerFileName), serviceWorkerSource(template, outDir));
    },
  };
}
