import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SideMenu } from './side-menu';
import { resetAgentMenuLinks } from './use-agent-menu-links';

/** The public agent list: two agents ask for a menu link (listed out of order), one does not. */
const agents = [
  { id: 'garden', routes: ['/garden', '/yard'], display: { name: 'Garden', menu: { label: 'Garden', order: 1 } } },
  { id: 'quiet', routes: ['/quiet'], display: { name: 'Quiet' } },
  { id: 'wellness', routes: ['/wellness'], display: { name: 'Wellness', menu: { label: 'Wellness', order: 0 } } },
];

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

async function renderSut(path = '/') {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu />
      <CurrentPath />
    </MemoryRouter>,
  );
  // The agents' links arrive with the agent list; the site's own links are there from the start.
  await screen.findAllByRole('link', { name: 'Garden', hidden: true });
  return view;
}

const openButton = () => screen.getByRole('button', { name: 'Open menu' });
const closeButton = () => screen.getByRole('button', { name: 'Close menu' });
const navigation = () => screen.getByRole('navigation', { name: 'Site', hidden: true });

function openMenu() {
  fireEvent.click(openButton());
  return screen.getByRole('dialog', { name: 'Menu' });
}

function linkList() {
  return within(navigation())
    .getAllByRole('link', { hidden: true })
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe(SideMenu.name, () => {
  beforeEach(() => {
    resetAgentMenuLinks();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify(agents), { headers: { 'content-type': 'application/json' } })),
      ),
    );
  });
  afterEach(() => resetAgentMenuLinks());

  it('starts closed: an "Open menu" button controlling an inert panel, no dialog', async () => {
    await renderSut();

    const button = openButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', navigation().id);
    expect(navigation()).toHaveAttribute('inert');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a labelled dialog holding the site navigation, with focus on the first link', async () => {
    await renderSut();

    const dialog = openMenu();

    expect(closeButton()).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('navigation', { name: 'Site' })).not.toHaveAttribute('inert');
    expect(within(dialog).getByRole('link', { name: 'Wellness' })).toHaveFocus();
  });

  it('lists the agents that ask for a link, in their order, then MB, About and CTZN on the landing page', async () => {
    await renderSut('/');

    expect(linkList()).toEqual([
      ['Wellness', '/wellness'],
      ['Garden', '/garden'],
      ['MB', '/mb'],
      ['About', '/about'],
      ['CTZN', '/ctzn'],
    ]);
  });

  it.each([
    ['/about', ['Back Home', 'Wellness', 'Garden', 'MB', 'CTZN']],
    ['/ctzn', ['Back Home', 'Wellness', 'Garden', 'MB', 'About']],
    ['/mb', ['Back Home', 'Wellness', 'Garden', 'About', 'CTZN']],
    ['/wellness', ['Back Home', 'Garden', 'MB', 'About', 'CTZN']],
    ['/about/', ['Back Home', 'Wellness', 'Garden', 'MB', 'CTZN']],
    ['/quiet', ['Back Home', 'Wellness', 'Garden', 'MB', 'About', 'CTZN']],
  ])('on %s starts with Back Home and leaves out the page itself', async (path, labels) => {
    await renderSut(path);

    expect(linkList().map(([label]) => label)).toEqual(labels);
    expect(linkList()[0]).toEqual(['Back Home', '/']);
  });

  it('closes with the button and keeps focus on it', async () => {
    await renderSut();
    openMenu();

    fireEvent.click(closeButton());

    expect(openButton()).toHaveFocus();
    expect(navigation()).toHaveAttribute('inert');
  });

  it('closes on Escape and returns focus to the button', async () => {
    await renderSut();
    openMenu();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    expect(openButton()).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the dimmed overlay is clicked', async () => {
    await renderSut();
    openMenu();

    fireEvent.click(screen.getByTestId('menu-overlay'));

    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab inside the open menu, wrapping at both ends', async () => {
    await renderSut();
    const dialog = openMenu();
    const links = within(dialog).getAllByRole('link');
    const lastLink = links.at(-1) as HTMLElement;

    fireEvent.keyDown(links[0], { key: 'Tab', shiftKey: true });
    expect(closeButton()).toHaveFocus();

    fireEvent.keyDown(closeButton(), { key: 'Tab' });
    expect(links[0]).toHaveFocus();

    lastLink.focus();
    fireEvent.keyDown(lastLink, { key: 'Tab', shiftKey: true });
    expect(lastLink).toHaveFocus();
  });

  it('navigates and closes when a link is chosen', async () => {
    await renderSut('/about');
    const dialog = openMenu();

    fireEvent.click(within(dialog).getByRole('link', { name: 'CTZN' }));

    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/ctzn');
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(linkList().map(([label]) => label)).toEqual(['Back Home', 'Wellness', 'Garden', 'MB', 'About']);
  });
});

describe('side menu without the agent list', () => {
  beforeEach(() => resetAgentMenuLinks());

  it('still offers the site pages when the agent list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    render(
      <MemoryRouter initialEntries={['/about']}>
        <SideMenu />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());

    const labels = within(screen.getByRole('navigation', { name: 'Site', hidden: true }))
      .getAllByRole('link', { hidden: true })
      .map((link) => link.textContent);
    expect(labels).toEqual(['Back Home', 'MB', 'CTZN']);
  });
});
