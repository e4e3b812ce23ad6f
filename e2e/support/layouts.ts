/** Every flow on a desktop and on a 390 px phone, in light and dark mode, with axe on every state shown. */
export const layouts = [
  { name: 'desktop, light', use: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' } },
  { name: 'desktop, dark', use: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' } },
  {
    name: '390 px, light',
    use: { viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true, hasTouch: true },
  },
  {
    name: '390 px, dark',
    use: { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true },
  },
] as const;
