import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SideMenu } from './side-menu';

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

function renderSut(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu />
      <CurrentPath />
    </MemoryRouter>,
  );
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
  it('starts closed: an "Open menu" button controlling an inert panel, no dialog', () => {
    renderSut();

    const button = openButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', navigation().id);
    expect(navigation()).toHaveAttribute('inert');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a labelled dialog holding the site navigation, with focus on the first link', () => {
    renderSut();

    const dialog = openMenu();

    expect(closeButton()).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('navigation', { name: 'Site' })).not.toHaveAttribute('inert');
    expect(within(dialog).getByRole('link', { name: 'MB Health' })).toHaveFocus();
  });

  it('lists MB Health, MB, About and CTZN on the landing page', () => {
    renderSut('/');

    expect(linkList()).toEqual([
      ['MB Health', '/mbhealth'],
      ['MB', '/mb'],
      ['About', '/about'],
      ['CTZN', '/ctzn'],
    ]);
  });

  it.each([
    ['/about', ['Back Home', 'MB Health', 'MB', 'CTZN']],
    ['/ctzn', ['Back Home', 'MB Health', 'MB', 'About']],
    ['/mb', ['Back Home', 'MB Health', 'About', 'CTZN']],
    ['/mbhealth', ['Back Home', 'MB', 'About', 'CTZN']],
    ['/about/', ['Back Home', 'MB Health', 'MB', 'CTZN']],
    ['/doctor', ['Back Home', 'MB Health', 'MB', 'About', 'CTZN']],
  ])('on %s starts with Back Home and leaves out the page itself', (path, labels) => {
    renderSut(path);

    expect(linkList().map(([label]) => label)).toEqual(labels);
    expect(linkList()[0]).toEqual(['Back Home', '/']);
  });

  it('closes with the button and keeps focus on it', () => {
    renderSut();
    openMenu();

    fireEvent.click(closeButton());

    expect(openButton()).toHaveFocus();
    expect(navigation()).toHaveAttribute('inert');
  });

  it('closes on Escape and returns focus to the button', () => {
    renderSut();
    openMenu();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    expect(openButton()).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the dimmed overlay is clicked', () => {
    renderSut();
    openMenu();

    fireEvent.click(screen.getByTestId('menu-overlay'));

    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab inside the open menu, wrapping at both ends', () => {
    renderSut();
    const dialog = openMenu();
    const links = within(dialog).getAllByRole('link');
    const lastLink = links.at(-1) as HTMLElement;

    fireEvent.keyDown(links[0] as HTMLElement, { key: 'Tab', shiftKey: true });
    expect(closeButton()).toHaveFocus();

    fireEvent.keyDown(closeButton(), { key: 'Tab' });
    expect(links[0]).toHaveFocus();

    lastLink.focus();
    fireEvent.keyDown(lastLink, { key: 'Tab', shiftKey: true });
    expect(lastLink).toHaveFocus();
  });

  it('navigates and closes when a link is chosen', () => {
    renderSut('/about');
    const dialog = openMenu();

    fireEvent.click(within(dialog).getByRole('link', { name: 'CTZN' }));

    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/ctzn');
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(linkList().map(([label]) => label)).toEqual(['Back Home', 'MB Health', 'MB', 'About']);
  });
});
