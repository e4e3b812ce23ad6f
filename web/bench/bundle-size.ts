/**
 * What a first visit to the landing page downloads, from the production build (web/dist):
 * the entry script and everything index.html preloads, gzipped as a server would send them.
 * Also prints the chunks loaded on demand, so growth in the agent pages is visible too.
 * Exits 1 when the landing page's initial JavaScript exceeds its budget.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// An optional argument measures another build directory (e.g. one made with other settings).
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const budgetBytes = 100 * 1024;

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initialJs = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map(
  (match) => match[1],
);
const initialCss = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((match) => match[1]);

const jsTotal = initialJs.reduce((sum, file) => sum + gzipped(file), 0);
const cssTotal = initialCss.reduce((sum, file) => sum + gzipped(file), 0);

console.log('Landing page, initial download (gzip -9):');
for (const file of initialJs) console.log(`  ${file.padEnd(48)} ${kb(gzipped(file)).padStart(10)}`);
console.log(`  ${'JavaScript total'.padEnd(48)} ${kb(jsTotal).padStart(10)}   budget ${kb(budgetBytes)}`);
console.log(`  ${'CSS total'.padEnd(48)} ${kb(cssTotal).padStart(10)}`);

const onDemand = readdirSync(join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => file.endsWith('.js') && !initialJs.includes(file))
  .map((file) => ({ file, size: gzipped(file) }))
  .sort((a, b) => b.size - a.size);
console.log('\nLoaded on demand (gzip -9):');
for (const { file, size } of onDemand) console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);

if (jsTotal > budgetBytes) {
  console.error(`\nThe landing page's initial JavaScript (${kb(jsTotal)}) is over its ${kb(budgetBytes)} budget.`);
  process.exit(1);
}
