import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { site } from './src/lib/site.ts';
import { agentConfigValidator } from './vite-plugins/agent-config-validator.ts';
import { pwa } from './vite-plugins/pwa.ts';
import { withoutCodeHighlighting } from './vite-plugins/without-code-highlighting.ts';

const apiTarget = 'http://127.0.0.1:3000';
/** The shared contracts package is read from its TypeScript source (its exports' "source" condition). */
const sourceFirst = (conditions: readonly string[]) => ['source', ...conditions];
// Host stays the dev server's, which is the page's origin: the API refuses changes whose Origin is another.
// /v1 too: the keys page tells programs to use this origin's /v1 (the OpenAI-compatible API).
const apiProxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '^/v1(/|$)': { target: apiTarget, changeOrigin: false },
};

/** Fills `%SITE_*%` placeholders in index.html so the name and tagline are written once, in site.ts. */
function siteHtml(): Plugin {
  const values: Record<string, string> = {
    '%SITE_NAME%': site.name,
    '%SITE_TAGLINE%': site.tagline,
  };
  return {
    name: 'mb-site-html',
    transformIndexHtml: (html) => html.replace(/%SITE_[A-Z]+%/g, (token) => values[token] ?? token),
  };
}

export default defineConfig(({ command }) => {
  // The built site is always the production build: a NODE_ENV=development in the shell (a developer's,
  // a container's) must not ship React's development build. Vite reads NODE_ENV after this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), siteHtml(), agentConfigValidator(), withoutCodeHighlighting(), pwa()],
    resolve: { conditions: sourceFirst(defaultClientConditions) },
    ssr: { resolve: { conditions: sourceFirst(defaultServerConditions) } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
    },
    server: { proxy: apiProxy },
    preview: { proxy: apiProxy },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
      // Above Testing Library's 4 s wait (src/test/setup.ts), so a failing wait reports its own error, not a time-out.
      testTimeout: 15_000,
    },
  };
});
