import { Mascot } from '../../components/mascot/mascot';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pageTitle } from '../../lib/site';
import styles from './about-page.module.css';

const texts = {
  title: 'About',
  imageAlt:
    'Abstract mid-century illustration: a mustard sun behind a teal arch, a coral half circle and a starburst above a low wooden sideboard',
} as const;

const illustration = { src: '/about.svg', width: 480, height: 360 } as const;

export default function AboutPage() {
  useDocumentTitle(pageTitle(texts.title));
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{texts.title}</h1>
      <img className={styles.image} {...illustration} alt={texts.imageAlt} />
      <Mascot />
    </main>
  );
}
