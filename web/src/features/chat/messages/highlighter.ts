import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { Root } from 'hast';
import { createLowlight } from 'lowlight';

/**
 * Loaded on demand, only once a reply shows a code block: highlight.js grammars (plain regular
 * expressions, no eval or WebAssembly, so the Content-Security-Policy allows them) through lowlight,
 * which answers with a syntax tree rather than HTML. Their aliases count too: ts, js, sh, py, html, yml.
 */
const lowlight = createLowlight({ bash, css, javascript, json, python, sql, typescript, xml, yaml });

/** The code as a tree of spans with highlight.js classes, or null for a language not registered. */
export function highlight(code: string, language: string): Root | null {
  if (!language || !lowlight.registered(language)) return null;
  return lowlight.highlight(language, code);
}
