import { Link } from 'react-router-dom';
import { CenteredCard } from '../../components/centered-card';
import { paths } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './meant-for-someone-else-page.module.css';

export const meantForSomeoneElseTexts = {
  sentence: 'This assistant is meant for someone else in the circle.',
  back: 'Back to your assistants',
} as const;

/** An agent whose audience leaves the signed-in person out: said plainly, with the way back to the hub. */
export function MeantForSomeoneElsePage({ agentName }: { agentName: string }) {
  useDocumentTitle(pageTitle(agentName));
  return (
    <CenteredCard title={agentName}>
      <p className={styles.sentence}>{meantForSomeoneElseTexts.sentence}</p>
      <Link className={styles.link} to={paths.hub}>
        {meantForSomeoneElseTexts.back}
      </Link>
    </CenteredCard>
  );
}
