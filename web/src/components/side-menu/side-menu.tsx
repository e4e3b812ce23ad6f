import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { ThemeToggle } from '../theme-toggle';
import styles from './side-menu.module.css';
import { useAgentMenuLinks, type MenuLink } from './use-agent-menu-links';

const texts = {
  open: 'Open menu',
  close: 'Close menu',
  dialog: 'Menu',
  navigation: 'Site',
} as const;

const homeLink: MenuLink = { label: 'Back Home', href: paths.home };

/** The site's own pages; agent links (declared in agent files) come before them. */
const siteLinks: readonly MenuLink[] = [
  { label: 'MB', href: paths.hub },
  { label: 'About', href: paths.about },
  { label: 'CTZN', href: paths.ctzn },
];

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || paths.home : pathname;
}

/** On the landing page every link; elsewhere 'Back Home' first and no link to the page itself. */
function linksFor(pathname: string, menuLinks: readonly MenuLink[]): readonly MenuLink[] {
  const current = withoutTrailingSlash(pathname);
  if (current === paths.home) return menuLinks;
  return [homeLink, ...menuLinks.filter((link) => link.href !== current)];
}

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
}

/**
 * The round menu button at the top right and the panel it slides in from the right. While open the
 * button, overlay and panel form a modal dialog: focus moves to the first link, Tab stays inside,
 * Escape or the overlay closes it and focus goes back to the button. While closed the panel is inert.
 */
export function SideMenu() {
  const { pathname } = useLocation();
  const agentLinks = useAgentMenuLinks();
  // Remembering where the menu was opened closes it on any navigation, back button included.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();

  const close = (returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpenOn(null);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      const index = items.indexOf(document.activeElement as HTMLElement);
      const atStart = index <= 0;
      const atEnd = index === -1 || index === items.length - 1;
      let wrapTo: HTMLElement | undefined;
      if (event.shiftKey && atStart) wrapTo = items.at(-1);
      if (!event.shiftKey && atEnd) wrapTo = items[0];
      if (wrapTo) {
        event.preventDefault();
        wrapTo.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={styles.menu}
      data-open={open}
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      aria-label={open ? texts.dialog : undefined}
    >
      <div className={styles.overlay} data-testid="menu-overlay" aria-hidden="true" onClick={() => close(true)} />
      <nav ref={panelRef} id={panelId} className={styles.panel} aria-label={texts.navigation} inert={!open}>
        <ul className={styles.list}>
          {linksFor(pathname, [...agentLinks, ...siteLinks]).map((link) => (
            <li key={link.href} className={link === homeLink ? styles.home : undefined}>
              <Link className={styles.link} to={link.href} onClick={() => close(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <ThemeToggle className={styles.theme} />
      </nav>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={open ? texts.close : texts.open}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => (open ? close(true) : setOpenOn(pathname))}
      >
        <span className={styles.bars} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      </button>
    </div>
  );
}
