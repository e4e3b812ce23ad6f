/** Site-wide identity, written once: the landing page, document titles and index.html read it. */
export const site = {
  name: 'mb',
  tagline: 'Currently building our relationship...',
  // Outbound addresses are set here once; the mascot and the CTZN page read them.
  contactEmail: 'hello@mb.example',
  ctzn: {
    surveyUrl: 'https://ctzn.example/survey',
    platformUrl: 'https://ctzn.example',
  },
} as const;

/** Document title for a page: the page's own name first, the site name last. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${site.name}` : site.name;
}
