import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeStorageName } from '../lib/theme';
import { ThemeToggle as Sut } from './theme-toggle';

const systemPrefersDark = (dark: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: dark, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe(Sut.name, () => {
  it('is pressed when the system prefers dark and nothing is stored', () => {
    systemPrefersDark(true);
    render(<Sut />);

    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a stored choice over the system', () => {
    systemPrefersDark(true);
    localStorage.setItem(themeStorageName, 'light');
    render(<Sut />);

    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches, remembers the choice and applies it to the page', () => {
    systemPrefersDark(false);
    render(<Sut />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(themeStorageName)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(themeStorageName)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
