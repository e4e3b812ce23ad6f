import { useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner/spinner';
import { AccessCheckFailed } from '../../features/access/access-check-failed';
import { AccessCodeCard, BehindTheCode } from '../../features/access/behind-the-code';
import { useAccess, type AccessStatus } from '../../features/access/use-access';
import type { CreatedApiKey } from '../../lib/api/create-api-key';
import { paths } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CreatedKey } from './created-key';
import { KeyList } from './key-list';
import { keysTexts as texts } from './keys-texts';
import { NewKeyForm } from './new-key-form';
import styles from './keys-page.module.css';

function AccessForm() {
  return <AccessCodeCard prompt={texts.prompt} />;
}

type Shown = { created: CreatedApiKey; model: string | undefined };

/** The form, or the key it just made (shown once), then the list of keys. */
function Keys() {
  const [shown, setShown] = useState<Shown | null>(null);
  return (
    <div className={styles.sections}>
      <p className={styles.intro}>{texts.intro}</p>
      <section className={styles.section} aria-labelledby="new-key-heading">
        <h2 id="new-key-heading" className={styles.sectionHeading}>
          {texts.newKey}
        </h2>
        {shown ? (
          <CreatedKey created={shown.created} model={shown.model} onDone={() => setShown(null)} />
        ) : (
          <NewKeyForm onCreated={(created, model) => setShown({ created, model })} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="your-keys-heading">
        <h2 id="your-keys-heading" className={styles.sectionHeading}>
          {texts.yourKeys}
        </h2>
        <KeyList />
      </section>
    </div>
  );
}

type ViewProps = { retry: () => void };

const views: Record<AccessStatus, ComponentType<ViewProps>> = {
  checking: () => <Spinner label={texts.loading} fullPage />,
  denied: AccessForm,
  granted: Keys,
  failed: ({ retry }) => <AccessCheckFailed onRetry={retry} />,
};

/** Keys for the OpenAI-compatible API (/v1), behind the access code: make one, see it once, list, revoke. */
export default function KeysPage() {
  useDocumentTitle(pageTitle(texts.title));
  const { status, retry } = useAccess();
  const View = views[status];
  return (
    <PageFrame
      header={
        <div className={styles.bar}>
          <h1 className={styles.heading}>{texts.heading}</h1>
          <Link className={styles.back} to={paths.hub}>
            {texts.backToHub}
          </Link>
        </div>
      }
    >
      <BehindTheCode status={status}>
        <View retry={retry} />
      </BehindTheCode>
    </PageFrame>
  );
}
