import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast/toasts';
import type { CreatedApiKey } from '../../lib/api/create-api-key';
import { keysTexts as texts } from './keys-texts';
import styles from './created-key.module.css';

/** The OpenAI-compatible API's base URL on this site. */
export function baseUrlOf(origin: string): string {
  return `${origin}/v1`;
}

/** A first request with the key, to paste into a terminal. */
export function curlExample(origin: string, secret: string, model: string): string {
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }] });
  return [
    `curl ${baseUrlOf(origin)}/chat/completions \\`,
    `  -H "Authorization: Bearer ${secret}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}'`,
  ].join('\n');
}

type CreatedKeyProps = {
  created: CreatedApiKey;
  /** An agent id the key may use, for the example; absent when there is none to name. */
  model: string | undefined;
  onDone: () => void;
};

/** The new key, shown this once, with a Copy button and how to use it. */
export function CreatedKey({ created, model, onDone }: CreatedKeyProps) {
  const headingId = useId();
  const fieldId = useId();
  const onceId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  const origin = window.location.origin;
  const modelId = model ?? '<agent id>';

  // The key replaces the form: the focus follows it, so a screen reader reads it and the sentence about it.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast(texts.copiedToast);
    } catch {
      toast({ ...texts.copyFailed, variant: 'destructive' });
    }
  }

  return (
    <Card as="section" accent className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {texts.created}: {created.apiKey.name}
      </h3>
      <p id={onceId} className={styles.once}>
        {texts.shownOnce}
      </p>
      <div className={styles.keyRow}>
        <label htmlFor={fieldId} className={styles.label}>
          {texts.keyLabel}
        </label>
        <div className={styles.keyLine}>
          <TextField
            id={fieldId}
            mono
            readOnly
            value={created.secret}
            aria-describedby={onceId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? texts.copied : texts.copy}
          </Button>
        </div>
      </div>
      <h4 className={styles.subheading}>{texts.howToUse}</h4>
      <dl className={styles.usage}>
        <dt>{texts.baseUrl}</dt>
        <dd>
          <code>{baseUrlOf(origin)}</code>
        </dd>
        <dt>{texts.model}</dt>
        <dd>
          <code>{modelId}</code> <span className={styles.muted}>({texts.modelHint})</span>
        </dd>
      </dl>
      <p className={styles.label}>{texts.curlExample}</p>
      {/* A wide example scrolls in its own box, which the keyboard can reach. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll by keyboard */}
      <pre className={styles.example} tabIndex={0} aria-label={texts.curlExample}>
        <code>{curlExample(origin, created.secret, modelId)}</code>
      </pre>
      <div>
        <Button variant="action" onClick={onDone}>
          {texts.done}
        </Button>
      </div>
    </Card>
  );
}
