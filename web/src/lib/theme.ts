/**
 * Light or dark. With no choice stored the site follows the system (`prefers-color-scheme`, in CSS);
 * a choice made with the 'Dark mode' toggle is kept in this browser (localStorage) and set as
 * `data-theme` on <html>, which the palettes in styles.css read. public/theme.js applies a stored
 * choice before the first paint; keep its storage name and attribute in step with these.
 */
export type Theme = 'light' | 'dark';

export const themeStorageName = 'theme';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The stored choice, or null when there is none (or storage cannot be read). */
export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Theme | null {
  try {
    const value = storage?.getItem(themeStorageName);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** What the system asks for when the user has made no choice. */
export function systemTheme(
  matchMedia: ((query: string) => { matches: boolean }) | undefined = globalMatchMedia(),
): Theme {
  return matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme in effect: the stored choice, else the system's. */
export function effectiveTheme(stored: Theme | null, system: Theme): Theme {
  return stored ?? system;
}

/** The choice the toggle makes from the theme in effect. */
export function toggledTheme(current: Theme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}

/** Stores the choice and applies it to the page. */
export function chooseTheme(
  theme: Theme,
  root: HTMLElement = document.documentElement,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(themeStorageName, theme);
  } catch {
    // Storage may be full or blocked: the choice still holds for this page.
  }
  root.dataset.theme = theme;
  applyThemeColor(theme, root.ownerDocument);
}

/**
 * The phone's browser bar takes index.html's theme-color of the chosen scheme (one meta per scheme,
 * marked data-scheme), not the system's. public/theme.js does the same before the first paint.
 */
export function applyThemeColor(theme: Theme, doc: Document = document): void {
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][data-scheme]')) {
    meta.media = meta.dataset.scheme === theme ? 'all' : 'not all';
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function globalMatchMedia(): ((query: string) => MediaQueryList) | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? (query) => window.matchMedia(query)
    : undefined;
}
