import { useId } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pageTitle, site } from '../../lib/site';
import styles from './ctzn-page.module.css';

const texts = {
  title: 'CTZN',
  tagline: 'Citizens first. Trust follows.',
  survey: 'Try a live survey',
  platform: 'Visit platform',
  newTab: 'Opens in a new tab',
} as const;

const logo = { src: '/ctzn-logo.svg', width: 224, height: 80 } as const;

const externalLinks = [
  { label: texts.survey, href: site.ctzn.surveyUrl, variant: 'primary' },
  { label: texts.platform, href: site.ctzn.platformUrl, variant: 'secondary' },
] as const;

function ExternalIcon() {
  return (
    <svg className={styles.icon} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <path
        d="M5 2h7v7M12 2 2 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The citizen-survey platform's page: its logo, tagline, two outbound links and a contact address. */
export default function CtznPage() {
  useDocumentTitle(pageTitle(texts.title));
  const newTabId = useId();
  return (
    <main className={styles.page}>
      <h1 className={styles.logo}>
        <img {...logo} alt={texts.title} />
      </h1>
      <p className={styles.tagline}>{texts.tagline}</p>
      <div className={styles.actions}>
        {externalLinks.map(({ label, href, variant }) => (
          <a
            key={href}
            className={styles.action}
            data-variant={variant}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={newTabId}
          >
            {label}
            <ExternalIcon />
          </a>
        ))}
      </div>
      <p className={styles.contact}>
        <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
      </p>
      <span id={newTabId} hidden>
        {texts.newTab}
      </span>
    </main>
  );
}
