import { decodeEntities } from './html-entities';
import { htmlToText } from './html-to-text';

const PAGE_URL = 'https://example.com/blog/post';

describe(htmlToText.name, () => {
  it('keeps headings, paragraphs, list items and table rows on their own lines, with the title apart', () => {
    const html = `<!doctype html><html><head><title> Caf&eacute; &amp; Co </title>
      <meta charset="utf-8"><link rel="stylesheet" href="/a.css"></head>
      <body><h1>Menu</h1><p>Fresh   bread
        and <b>good</b> coffee.</p>
      <h3>Drinks</h3><ul><li>Espresso</li><li>Latte<ol><li>small</li><li>large</li></ol></li></ul>
      <table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>2</td></tr></table>
      <p>One<br>Two</p></body></html>`;

    expect(htmlToText(html, PAGE_URL)).toEqual({
      title: 'Café & Co',
      text: [
        '# Menu',
        '',
        'Fresh bread and good coffee.',
        '',
        '### Drinks',
        '',
        '- Espresso',
        '- Latte',
        '  1. small',
        '  2. large',
        '',
        'Item | Price',
        'Tea | 2',
        '',
        'One',
        'Two',
      ].join('\n'),
    });
  });

  it('leaves out scripts, styles, navigation, noscript, svg, templates, comments and images', () => {
    const html = `<head><style>p { color: red }</style></head><body>
      <script>const markup = "<p>not text</p>"; if (a < b) {}</script>
      <nav><ul><li><a href="/">Home</a></li><nav>inner</nav></ul></nav>
      <noscript>Please enable JavaScript</noscript><!-- a <p>comment</p> -->
      <svg viewBox="0 0 10 10"><text>chart label</text></svg><template><p>later</p></template>
      <p>Visible <img src="/photo.png" alt="a photo"> text</p><SCRIPT type="module">alert(1)</SCRIPT></body>`;

    expect(htmlToText(html, PAGE_URL).text).toBe('Visible text');
  });

  it('writes links as "text (url)", resolved against the page, and leaves anchors and scripts bare', () => {
    const html = `<p>See <a href="../about?x=1&amp;y=2">the team</a>, <a href="#top">top</a>,
      <a href="javascript:void(0)">menu</a> and <a href="https://example.org/">https://example.org/</a>.</p>`;

    expect(htmlToText(html, PAGE_URL).text).toBe(
      'See the team (https://example.com/about?x=1&y=2), top, menu and https://example.org/.',
    );
  });

  it('keeps preformatted text as it is', () => {
    const html = '<p>Run:</p><pre>npm  test\n  --watch</pre><p>done</p>';

    expect(htmlToText(html, PAGE_URL).text).toBe('Run:\n\nnpm  test\n  --watch\n\ndone');
  });

  it('reads a page whose head is never closed and one without a title', () => {
    const html = '<html><head><meta charset="utf-8"><body><p>Body text</p>';

    expect(htmlToText(html, PAGE_URL)).toEqual({ title: undefined, text: 'Body text' });
  });

  // Each page is as large as a fetch takes (2 MB): a reader that backtracks would need hours on it, where a linear one
  // needs a fraction of a second, so the spec's own timeout is only the guard for a hang.
  it.each([
    ['tags that never close', '<a '.repeat(700_000)],
    ['quotes that never close', '<a x="'.repeat(350_000)],
    ['script end tags that never close', `<script>${'</script '.repeat(230_000)}`],
    ['dropped elements that never close', '<nav><svg>'.repeat(200_000)],
    ['a title that never closes', '<title>'.repeat(300_000)],
    ['preformatted spaces', `<pre>${' '.repeat(2_000_000)}x</pre>`],
    ['one endless entity name', `&${'a'.repeat(2_000_000)}`],
  ])('reads a hostile page of %s without backtracking', (_, html) => {
    expect(html.length).toBeGreaterThan(1_900_000);

    expect(typeof htmlToText(html, PAGE_URL).text).toBe('string');
  });

  it('treats a stray "<" as text', () => {
    expect(htmlToText('<p>1 < 2 and 3 <> 4</p>', PAGE_URL).text).toBe('1 < 2 and 3 <> 4');
  });
});

describe(decodeEntities.name, () => {
  it.each([
    ['&lt;b&gt; &amp; &quot;q&quot; &apos;a&apos;', '<b> & "q" \'a\''],
    ['&eacute;&Eacute;&euro;&mdash;&hellip;&nbsp;', 'éÉ€—…\u00a0'],
    ['&#233;&#xE9;&#X1F600;', 'éé😀'],
    ['&#0; &#xD800; &#x110000;', '\uFFFD \uFFFD \uFFFD'],
    ['&#150;&#128;', '–€'],
    ['&copy2024 &amp &ltx', '©2024 & <x'],
    ['&unknown; & &#; AT&T', '&unknown; & &#; AT&T'],
  ])('decodes %s', (encoded, decoded) => {
    expect(decodeEntities(encoded)).toBe(decoded);
  });
});
