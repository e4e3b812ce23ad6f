import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageSources as Sut } from './message-sources';

const renderSut = (sources: { title: string; link: string }[]) => render(<Sut sources={sources} />);

describe(Sut.name, () => {
  it('makes each web address a link opening in a new tab without access to its opener', () => {
    renderSut([
      { title: 'Vapor barriers', link: 'https://example.com/vapor' },
      { title: 'Sizing', link: 'http://example.org/sizing?a=1' },
    ]);

    const links = within(screen.getByRole('navigation', { name: 'Sources' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Vapor barriers', 'https://example.com/vapor'],
      ['Sizing', 'http://example.org/sizing?a=1'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['javascript', 'javascript:alert(document.cookie)'],
    ['upper-case javascript', 'JAVASCRIPT:alert(1)'],
    ['javascript behind a space and a tab', ' java\tscript:alert(1)'],
    ['an HTML data URL', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['a relative path', '/api/auth/revoke-access'],
    ['not an address at all', 'see the library'],
  ])('shows a source whose link is %s as its title in plain text', (_, link) => {
    const { container } = renderSut([
      { title: 'Crafted source', link },
      { title: 'Real page', link: 'https://example.com/real' },
    ]);

    const nav = screen.getByRole('navigation', { name: 'Sources' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Crafted source', 'Real page']);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://example.com/real']);
    expect(container.querySelectorAll('[href]')).toHaveLength(1);
  });
});
