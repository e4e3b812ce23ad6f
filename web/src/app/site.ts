/** Site-wide identity, written once: the landing page, document titles and index.html read it. */
export const site = {
  name: 'mb',
  tagline: 'Currently building our relationship...',
} as const;

/** Document title for a page: the page's own name first, the site name last. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${site.name}` : site.name;
}
