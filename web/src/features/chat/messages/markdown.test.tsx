import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown as Sut } from './markdown';

const renderSut = (text: string) => render(<Sut text={text} />);

describe(Sut.name, () => {
  it('renders bold text and lists', () => {
    renderSut('Use a **vapor barrier**:\n\n- seal the vents\n- run a dehumidifier');

    expect(screen.getByText('vapor barrier').tagName).toBe('STRONG');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['seal the vents', 'run a dehumidifier']);
  });

  it('renders GFM tables', () => {
    renderSut('| Option | Cost |\n| --- | --- |\n| Encapsulation | $$$ |\n| Dehumidifier | $ |');

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Option', 'Cost']);
    expect(within(table).getByRole('cell', { name: 'Encapsulation' })).toBeInTheDocument();
  });

  it.each([
    ['http', 'http://example.com/page'],
    ['https', 'https://example.com/page'],
    ['mailto', 'mailto:hello@mb.example'],
    ['irc', 'irc://irc.example.com/chat'],
    ['ircs', 'ircs://irc.example.com/chat'],
    ['xmpp', 'xmpp:someone@example.com'],
  ])('keeps a %s link, opening in a new tab without giving the page access to its opener', (_protocol, href) => {
    renderSut(`See [the guide](${href}).`);

    const link = screen.getByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['upper-case javascript', 'JAVASCRIPT:alert(1)'],
  ])('blanks a %s link to plain text', (_protocol, href) => {
    const { container } = renderSut(`Click [here](${href}) now.`);

    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('[href]')).toBeNull();
    expect(container).toHaveTextContent('Click here now.');
  });

  it('never renders raw HTML from the text', () => {
    const { container } = renderSut(
      'Some <b>bold</b> words\n\n<script>alert(1)</script>\n\n<img src="https://evil.example/x.png" onerror="alert(1)">',
    );

    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('turns an image into a link named by its alt text, so nothing is loaded from a URL the model wrote', () => {
    const { container } = renderSut('![humidity chart](https://example.com/chart.png)');

    expect(container.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'humidity chart' });
    expect(link).toHaveAttribute('href', 'https://example.com/chart.png');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('names an image link without alt text by its address', () => {
    renderSut('![](https://example.com/chart.png)');

    expect(screen.getByRole('link', { name: 'https://example.com/chart.png' })).toBeInTheDocument();
  });

  it('shows only the alt text of an image with a blanked address', () => {
    const { container } = renderSut('![chart](javascript:alert(1))');

    expect(container.querySelector('img, [href]')).toBeNull();
    expect(container).toHaveTextContent('chart');
  });
});

describe(`${Sut.name} code blocks`, () => {
  it('highlights a fenced block once the highlighter has loaded, with a Copy code button', async () => {
    const { container } = renderSut('Try:\n\n```ts\nconst answer: number = 42;\n```');

    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('pre .hljs-keyword')).toHaveTextContent('const'));
    expect(container.querySelector('pre')).toHaveTextContent('const answer: number = 42;');
    expect(container.querySelector('pre')?.innerHTML).not.toContain('<script');
  });

  it('copies the code of its own block', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSut('```\nfirst\n```\n\n```bash\necho second\n```');

    fireEvent.click(screen.getAllByRole('button', { name: 'Copy code' })[1]);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('echo second'));
  });

  it('leaves inline code without a button', () => {
    renderSut('Run `npm test` first.');

    expect(screen.getByText('npm test').tagName).toBe('CODE');
    expect(screen.queryByRole('button', { name: 'Copy code' })).not.toBeInTheDocument();
  });
});
