import { htmlBlocks } from './html-blocks';

describe(htmlBlocks.name, () => {
  it('reads headings, paragraphs and list items in order', () => {
    const sut = htmlBlocks('<h1>Plan</h1><p>Intro <strong>now</strong></p><ul><li>One</li><li>Two</li></ul>');

    expect(sut).toEqual([
      { heading: true, text: 'Plan' },
      { heading: false, text: 'Intro now' },
      { heading: false, text: 'One' },
      { heading: false, text: 'Two' },
    ]);
  });

  it('reads a table row as one block of cells and a nested table into the cell that holds it', () => {
    const sut = htmlBlocks(
      '<table><tr><th><p>Test</p></th><th><p>Value</p></th></tr>' +
        '<tr><td><p>Iron</p><table><tr><td>a</td><td>b</td></tr></table></td><td><p>18</p></td></tr></table>',
    );

    expect(sut).toEqual([
      { heading: false, text: 'Test | Value' },
      { heading: false, text: 'Iron a | b | 18' },
    ]);
  });

  it('decodes entities and keeps line breaks', () => {
    const sut = htmlBlocks('<p>A &amp; B &lt;3&gt; &#8364;5 &#x2713;<br />next</p>');

    expect(sut).toEqual([{ heading: false, text: 'A & B <3> €5 ✓\nnext' }]);
  });
});
