// Draws the installed app's PNG icons (web/public/icons/) from the favicon's design with Chromium, the
// browser the tests already use. The PNGs are committed; run this again only when the design changes:
//   node web/icons/render-icons.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const outDir = join(import.meta.dirname, '..', 'public', 'icons');
const ground = '#111827';
const font = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** The favicon's 'mb' on its dark ground; `inset` shrinks the letters into a maskable icon's safe zone. */
const svg = ({ rounded, inset }) => `
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
    <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${ground}"/>
    <g transform="translate(32 32) scale(${1 - inset}) translate(-32 -32)">
      <text x="32" y="42" fill="#ffffff" font-family="${font}" font-size="30" font-weight="700"
        text-anchor="middle" letter-spacing="-1">mb</text>
    </g>
  </svg>`;

const icons = [
  // Browsers and Android show these as they are: rounded like the favicon.
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Android crops a maskable icon to its own shape: full bleed, letters within the central safe circle.
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.2 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.1 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<body style="margin:0;background:transparent">${svg(icon)}</body>`);
    await page.screenshot({ path: join(outDir, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
