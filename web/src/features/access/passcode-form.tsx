import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { VisuallyHidden } from '../../components/visually-hidden';
import { accessTexts } from './access-texts';
import { isRefusedCode, useGrantAccess } from './use-access';
import styles from './passcode-form.module.css';

export type PasscodeFormTexts = {
  placeholder: string;
  button: string;
  busyButton: string;
  /** Description of the 'Access Granted' toast. */
  welcome: string;
};

type PasscodeFormProps = {
  texts: PasscodeFormTexts;
  persistFlag?: boolean;
};

/**
 * The one access-code form (hub and passcode screens). The server checks the code; a refused code
 * clears the field so the next try starts fresh.
 */
export function PasscodeForm({ texts, persistFlag = false }: PasscodeFormProps) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [passcode, setPasscode] = useState('');
  const grant = useGrantAccess({ welcome: texts.welcome, persistFlag });
  const blank = passcode.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || grant.isPending) return;
    grant.mutate(passcode, {
      onError: (error) => {
        if (!isRefusedCode(error)) return;
        setPasscode('');
        field.current?.focus();
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <VisuallyHidden>
        <label htmlFor={fieldId}>{accessTexts.fieldLabel}</label>
      </VisuallyHidden>
      <TextField
        ref={field}
        id={fieldId}
        type="password"
        name="passcode"
        autoComplete="current-password"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={texts.placeholder}
        value={passcode}
        onChange={(event) => setPasscode(event.target.value)}
      />
      <button
        className={styles.button}
        type="submit"
        disabled={blank || grant.isPending}
        aria-busy={grant.isPending || undefined}
      >
        {grant.isPending ? texts.busyButton : texts.button}
      </button>
    </form>
  );
}
