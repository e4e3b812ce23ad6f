import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertIcon } from '../../components/alert-icon';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast/toasts';
import { VisuallyHidden } from '../../components/visually-hidden';
import type { AgentDefinition } from '../../lib/api/agents';
import { verifyKey } from '../../lib/api/verify-key';
import { useModelKey } from '../../lib/model-key';
import type { ConnectionStatus } from './connection-status';
import { describeKeyFailure, keyFailureTitle } from './key-failure';
import { normaliseKey, validateKey } from './validate-key';
import styles from './key-form.module.css';

export const keyFormTexts = {
  title: 'Enter your OpenAI API Key',
  privacy:
    'Your key is kept only in this browser tab (session storage) and is sent only with your requests to the model. It is never stored on the server.',
  label: 'OpenAI API key',
  placeholder: 'sk-...',
  submit: 'Connect to OpenAI',
  busy: 'Connecting...',
  getKey: 'Get an API key from OpenAI',
  newTab: '(opens in a new tab)',
  connectionError: 'Connection Error',
  retry: 'Retry Connection',
  successTitle: 'Success',
  successText: 'Your OpenAI API key has been validated successfully',
} as const;

export const openAIKeysUrl = 'https://platform.openai.com/api-keys';

type StatusView = { tone: 'pending' | 'ok' | 'error'; text: string };

const statusViews: Record<ConnectionStatus, StatusView> = {
  checking: { tone: 'pending', text: 'Checking connection status...' },
  active: { tone: 'ok', text: 'Server connection active' },
  unreachable: { tone: 'error', text: 'Could not connect to the server. Please try again later.' },
  clientFailed: {
    tone: 'error',
    text: 'OpenAI client failed to initialize on the server. Please refresh the page to try again.',
  },
};

type KeyFormProps = {
  /** The agent's own heading and intro above the form. */
  texts?: AgentDefinition['keyForm'];
  status: ConnectionStatus;
};

/** Asks for the user's OpenAI key, checks it with the server, and keeps it for this tab once accepted. */
export function KeyForm({ texts, status }: KeyFormProps) {
  const ids = { title: useId(), input: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [, setModelKey] = useModelKey();

  const verify = useMutation({
    mutationFn: verifyKey,
    onSuccess: (_answer, key) => {
      toast({ title: keyFormTexts.successTitle, description: keyFormTexts.successText });
      setModelKey(key);
    },
    onError: (error) => {
      toast({ title: keyFailureTitle, description: describeKeyFailure(error), variant: 'destructive' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    // Uncontrolled on purpose: React would mirror a controlled value into the DOM's value attribute.
    const value = inputRef.current?.value ?? '';
    const problem = validateKey(value);
    setInvalid(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    verify.mutate(normaliseKey(value));
  }

  return (
    <div className={styles.wrapper}>
      {texts?.heading || texts?.intro ? (
        <div className={styles.lead}>
          {texts.heading ? <h2 className={styles.leadHeading}>{texts.heading}</h2> : null}
          {texts.intro ? <p className={styles.intro}>{texts.intro}</p> : null}
        </div>
      ) : null}

      <Card as="section" className={styles.card} aria-labelledby={ids.title}>
        <h2 id={ids.title} className={styles.title}>
          {keyFormTexts.title}
        </h2>

        <ConnectionLine status={status} />

        <p className={styles.note}>{keyFormTexts.privacy}</p>

        <form className={styles.form} onSubmit={submit} noValidate>
          <label htmlFor={ids.input} className={styles.label}>
            {keyFormTexts.label}
          </label>
          <TextField
            ref={inputRef}
            id={ids.input}
            mono
            type="password"
            name="openai-api-key"
            placeholder={keyFormTexts.placeholder}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={() => {
              if (invalid) setInvalid(null);
            }}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? ids.error : undefined}
          />
          {invalid ? (
            <p id={ids.error} className={styles.fieldError}>
              {invalid}
            </p>
          ) : null}
          <button
            type="submit"
            className={styles.submit}
            disabled={verify.isPending}
            aria-busy={verify.isPending || undefined}
          >
            {verify.isPending ? keyFormTexts.busy : keyFormTexts.submit}
          </button>
        </form>

        <a className={styles.getKey} href={openAIKeysUrl} target="_blank" rel="noopener noreferrer">
          {keyFormTexts.getKey}
          <VisuallyHidden> {keyFormTexts.newTab}</VisuallyHidden>
        </a>
      </Card>
    </div>
  );
}

function ConnectionLine({ status }: { status: ConnectionStatus }) {
  const view = statusViews[status];
  if (view.tone === 'error') {
    return (
      <div className={styles.alertBox}>
        <div role="alert" className={styles.alert}>
          <span className={styles.alertIcon} aria-hidden="true">
            <AlertIcon size={18} />
          </span>
          <div>
            <p className={styles.alertTitle}>{keyFormTexts.connectionError}</p>
            <p>{view.text}</p>
          </div>
        </div>
        <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
          {keyFormTexts.retry}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className={styles.status} data-tone={view.tone}>
      <span className={styles.dot} aria-hidden="true" />
      {view.text}
    </p>
  );
}
