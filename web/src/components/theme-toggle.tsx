import { useEffect, useState } from 'react';
import { chooseTheme, effectiveTheme, storedTheme, systemTheme, toggledTheme, type Theme } from '../lib/theme';
import styles from './theme-toggle.module.css';

const texts = { label: 'Dark mode' } as const;

/** Follows the system's preference while no choice is stored. */
function useSystemTheme(): Theme {
  const [theme, setTheme] = useState<Theme>(() => systemTheme());
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setTheme(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return theme;
}

/** A switch between light and dark; pressed while the page is dark. The choice is remembered. */
export function ThemeToggle({ className }: { className?: string }) {
  const system = useSystemTheme();
  const [stored, setStored] = useState<Theme | null>(() => storedTheme());
  const dark = effectiveTheme(stored, system) === 'dark';
  const toggle = () => {
    const next = toggledTheme(dark ? 'dark' : 'light');
    chooseTheme(next);
    setStored(next);
  };
  return (
    <button
      type="button"
      className={className ? `${styles.toggle} ${className}` : styles.toggle}
      aria-pressed={dark}
      onClick={toggle}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span>{texts.label}</span>
    </button>
  );
}
