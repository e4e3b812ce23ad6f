/** How the page reader treats HTML elements: which it drops, which hold raw text, which break lines. */

/** Elements left out with everything inside them. */
export const DROPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'picture',
  'video',
  'audio',
  'map',
  'select',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
]);

/** Elements whose content is text up to their closing tag, never markup. */
export const RAW_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
]);

/** Line breaks before and after a block element: 2 leaves a blank line. */
export const BLOCK_GAP = new Map<string, 1 | 2>(
  Object.entries({
    p: 2,
    blockquote: 2,
    figure: 2,
    hr: 2,
    table: 2,
    address: 1,
    article: 1,
    aside: 1,
    caption: 1,
    center: 1,
    dd: 1,
    details: 1,
    dialog: 1,
    div: 1,
    dl: 1,
    dt: 1,
    fieldset: 1,
    figcaption: 1,
    footer: 1,
    form: 1,
    header: 1,
    hgroup: 1,
    legend: 1,
    main: 1,
    section: 1,
    summary: 1,
    tr: 1,
  }),
);
