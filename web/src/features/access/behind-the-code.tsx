import type { ReactNode } from 'react';
import { Card } from '../../components/card';
import { PasscodeForm, type PasscodeFormTexts } from './passcode-form';
import type { AccessStatus } from './use-access';
import styles from './behind-the-code.module.css';

const passcodeTexts: PasscodeFormTexts = {
  placeholder: 'Access Code',
  button: 'Submit',
  busyButton: 'Verifying...',
  welcome: 'Welcome to MB services.',
};

/** The content of a page behind the access code (the hub, the keys): the code's form or a failure is centred. */
export function BehindTheCode({ status, children }: { status: AccessStatus; children: ReactNode }) {
  return (
    <main className={styles.main} data-status={status}>
      {children}
    </main>
  );
}

/** Such a page's access-code form, under its prompt. */
export function AccessCodeCard({ prompt }: { prompt: string }) {
  return (
    <Card as="section" className={styles.gate}>
      <p className={styles.prompt}>{prompt}</p>
      <PasscodeForm texts={passcodeTexts} />
    </Card>
  );
}
