import type { Plugin } from 'vite';

const stubPrefix = '\0no-highlighting:';

/** What codemirror-json-schema's markdown module imports from shiki, each replaced by a module that does nothing. */
const stubs: Record<string, string> = {
  'shiki/core': 'export const createHighlighterCore = () => new Promise(() => {});',
  '@shikijs/markdown-it/core': 'export const fromHighlighter = () => () => {};',
};

/**
 * codemirror-json-schema renders field descriptions with markdown-it and, on import, starts shiki to
 * colour code blocks in them: a WebAssembly regex engine, two themes and a JavaScript grammar (about
 * 250 KB gzipped) that the site's Content-Security-Policy would not let compile anyway. The persona
 * editor's descriptions have no code blocks, so shiki is left out: its imports from that library
 * resolve to modules that never highlight (markdown still renders).
 */
export function withoutCodeHighlighting(): Plugin {
  return {
    name: 'mb-without-code-highlighting',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!importer?.includes('codemirror-json-schema')) return undefined;
      if (id in stubs || id.startsWith('shiki/')) return `${stubPrefix}${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(stubPrefix)) return undefined;
      return stubs[id.slice(stubPrefix.length)] ?? 'export default {};';
    },
  };
}
