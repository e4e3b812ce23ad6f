import { describe, expect, it } from 'vitest';
import {
  applyThemeColor,
  chooseTheme,
  effectiveTheme,
  storedTheme,
  systemTheme,
  themeStorageName,
  toggledTheme,
} from './theme';

const storageWith = (value: string | null) => ({ getItem: () => value });
const media = (dark: boolean) => () => ({ matches: dark });

describe('theme', () => {
  it('follows the system while no choice is stored', () => {
    expect(storedTheme(storageWith(null))).toBeNull();
    expect(effectiveTheme(null, systemTheme(media(true)))).toBe('dark');
    expect(effectiveTheme(null, systemTheme(media(false)))).toBe('light');
  });

  it('prefers a stored choice to the system', () => {
    expect(effectiveTheme(storedTheme(storageWith('light')), systemTheme(media(true)))).toBe('light');
    expect(effectiveTheme(storedTheme(storageWith('dark')), systemTheme(media(false)))).toBe('dark');
  });

  it('ignores a stored value that is no theme, and storage that cannot be read', () => {
    expect(storedTheme(storageWith('purple'))).toBeNull();
    expect(
      storedTheme({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBeNull();
  });

  it('toggles between light and dark, storing the choice and setting it on the page', () => {
    const root = document.createElement('html');
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void stored.set(key, value) };

    chooseTheme(toggledTheme('light'), root, storage);
    expect(root.dataset.theme).toBe('dark');
    expect(stored.get(themeStorageName)).toBe('dark');

    chooseTheme(toggledTheme('dark'), root, storage);
    expect(root.dataset.theme).toBe('light');
    expect(stored.get(themeStorageName)).toBe('light');
  });

  it("gives the browser bar the chosen scheme's theme-color, whatever the system's", () => {
    document.head.innerHTML = [
      '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" data-scheme="light">',
      '<meta name="theme-color" content="#111827" media="(prefers-color-scheme: dark)" data-scheme="dark">',
    ].join('');
    const media = () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.media);

    applyThemeColor('dark');
    expect(media()).toEqual(['not all', 'all']);
    applyThemeColor('light');
    expect(media()).toEqual(['all', 'not all']);
    document.head.innerHTML = '';
  });
});
