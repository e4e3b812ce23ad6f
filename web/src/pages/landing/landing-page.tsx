import { Link } from 'react-router-dom';
import { Mascot } from '../../components/mascot/mascot';
import { RevealText } from '../../components/reveal-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../lib/paths';
import { pageTitle, site } from '../../lib/site';
import styles from './landing-page.module.css';

const texts = {
  aboutLink: 'about us',
} as const;

/** The spec's tagline timing: each character starts 0.05 s after the previous and takes 0.5 s. */
const taglineReveal = { staggerSeconds: 0.05, durationSeconds: 0.5 } as const;

export function LandingPage() {
  useDocumentTitle(pageTitle());
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <h1 className={styles.heading}>{site.name}</h1>
        <RevealText className={styles.tagline} text={site.tagline} {...taglineReveal} />
        <Link className={styles.aboutLink} to={paths.about}>
          {texts.aboutLink}
        </Link>
      </main>
      <footer className={styles.footer}>
        <small className={styles.copyright}>
          © {new Date().getFullYear()} {site.name}
        </small>
        <Mascot className={styles.mascot} />
      </footer>
    </div>
  );
}
