import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { AlertIcon } from '../../components/alert-icon';
import { PageFrame } from '../../components/page-frame';
import type { AgentAccessAlert } from '@mb/contracts/types/agent';
import { accessTexts } from './access-texts';
import styles from './access-alert.module.css';

type AccessAlertProps = {
  /** The agent page's header, kept so the visitor sees where they are. */
  header: string;
  alert: AgentAccessAlert;
};

/** Shown in place of the chat when an agent restricts rather than redirects; the page stays put. */
export function AccessAlert({ header, alert }: AccessAlertProps) {
  return (
    <PageFrame title={header}>
      <main className={styles.main}>
        <div className={styles.alert} role="alert">
          <span className={styles.icon} aria-hidden="true">
            <AlertIcon size={20} />
          </span>
          <div className={styles.body}>
            <h2 className={styles.title}>{alert.title}</h2>
            <p>{alert.text}</p>
          </div>
        </div>
        <Link className={styles.link} to={paths.hub}>
          {accessTexts.toHub}
        </Link>
      </main>
    </PageFrame>
  );
}
