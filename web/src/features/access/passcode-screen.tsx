import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { StrokeIcon } from '../../components/stroke-icon';
import { paths } from '../../lib/paths';
import type { AgentPasscodeForm } from '@mb/contracts/types/agent';
import { AccessScreen } from './access-screen';
import { accessTexts } from './access-texts';
import { PasscodeForm } from './passcode-form';
import styles from './passcode-screen.module.css';

type PasscodeScreenProps = {
  passcode: AgentPasscodeForm;
  persistFlag: boolean;
};

/** An agent page that asks for the code on the spot; the gate opens as soon as the server agrees. */
export function PasscodeScreen({ passcode, persistFlag }: PasscodeScreenProps) {
  const titleId = useId();
  return (
    <AccessScreen>
      <Link className={styles.back} to={paths.home}>
        <StrokeIcon size={16}>
          <path d="M19 12H5M12 19l-7-7 7-7" />
        </StrokeIcon>
        {accessTexts.backHome}
      </Link>
      <Card as="section" className={styles.card} aria-labelledby={titleId}>
        <h1 id={titleId} className={styles.title}>
          {passcode.title}
        </h1>
        <p className={styles.subtitle}>{passcode.subtitle}</p>
        <PasscodeForm texts={passcode} persistFlag={persistFlag} />
      </Card>
    </AccessScreen>
  );
}
