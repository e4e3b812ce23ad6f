import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { agentsKey, type PublicAgent } from '../../lib/api/agents';
import { apiKeysKey } from '../../lib/api/api-keys';
import { createApiKey, type CreatedApiKey } from '../../lib/api/create-api-key';
import { keyFailureText } from './key-failure';
import { keysTexts as texts } from './keys-texts';
import styles from './new-key-form.module.css';

/** The agents a key may be given: those the viewer may use. */
export function usableAgents(agents: readonly PublicAgent[]): PublicAgent[] {
  return agents.filter((agent) => !agent.restricted);
}

/** The expiry field read: null when empty, undefined when it is not a whole number of days from 1 to 3650. */
export function expiryDays(value: string): number | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days >= 1 && days <= 3650 ? days : undefined;
}

type NewKeyFormProps = {
  /** The key was made: `model` is an agent id the key may use, for the example. */
  onCreated: (created: CreatedApiKey, model: string | undefined) => void;
};

function AgentChoices({ chosen, onToggle }: { chosen: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const hintId = useId();
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey });
  return (
    <fieldset className={styles.fieldset} aria-describedby={hintId}>
      <legend className={styles.label}>{texts.agents}</legend>
      <p id={hintId} className={styles.hint}>
        {texts.agentsHint}
      </p>
      {agents.isPending ? (
        <p role="status" className={styles.hint}>
          {texts.agentsLoading}
        </p>
      ) : agents.isError ? (
        <div role="alert" className={styles.inlineFailure}>
          <p>{texts.agentsFailed}</p>
          <Button variant="compact" onClick={() => void agents.refetch()}>
            {texts.retry}
          </Button>
        </div>
      ) : (
        <ul className={styles.choices}>
          {usableAgents(agents.data).map((agent) => (
            <li key={agent.id}>
              <label className={styles.check}>
                <input type="checkbox" checked={chosen.has(agent.id)} onChange={() => onToggle(agent.id)} />
                <span>
                  {agent.display.name} <span className={styles.agentId}>({agent.id})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Makes a key: a name, the agents it may use, an optional expiry, and whether confirm tools run. */
export function NewKeyForm({ onCreated }: NewKeyFormProps) {
  const ids = { name: useId(), nameHint: useId(), nameError: useId(), expiry: useId(), expiryHint: useId() };
  const expiryError = useId();
  const confirmHint = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const expiryField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [expiry, setExpiry] = useState('');
  const [allowConfirmTools, setAllowConfirmTools] = useState(false);
  const [checked, setChecked] = useState(false);
  const queryClient = useQueryClient();
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey });
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
      const model = chosen.size ? [...chosen][0] : usableAgents(agents.data ?? [])[0]?.id;
      onCreated(created, model);
    },
  });

  const nameMissing = name.trim() === '';
  const days = expiryDays(expiry);
  const showNameError = checked && nameMissing;
  const showExpiryError = checked && days === undefined;

  function toggle(id: string) {
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setChecked(true);
    if (nameMissing) return nameField.current?.focus();
    if (days === undefined) return expiryField.current?.focus();
    create.mutate({
      name: name.trim(),
      agents: chosen.size ? [...chosen] : null,
      expiresInDays: days,
      allowConfirmTools,
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={ids.name} className={styles.label}>
          {texts.name}
        </label>
        <TextField
          ref={nameField}
          id={ids.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={texts.namePlaceholder}
          maxLength={100}
          autoComplete="off"
          required
          aria-invalid={showNameError || undefined}
          aria-describedby={showNameError ? `${ids.nameError} ${ids.nameHint}` : ids.nameHint}
        />
        <p id={ids.nameHint} className={styles.hint}>
          {texts.nameHint}
        </p>
        {showNameError ? (
          <p id={ids.nameError} className={styles.error}>
            {texts.nameMissing}
          </p>
        ) : null}
      </div>

      <AgentChoices chosen={chosen} onToggle={toggle} />

      <div className={styles.field}>
        <label htmlFor={ids.expiry} className={styles.label}>
          {texts.expiry}
        </label>
        <TextField
          ref={expiryField}
          id={ids.expiry}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={showExpiryError || undefined}
          aria-describedby={showExpiryError ? `${expiryError} ${ids.expiryHint}` : ids.expiryHint}
        />
        <p id={ids.expiryHint} className={styles.hint}>
          {texts.expiryHint}
        </p>
        {showExpiryError ? (
          <p id={expiryError} className={styles.error}>
            {texts.expiryInvalid}
          </p>
        ) : null}
      </div>

      <div className={styles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={allowConfirmTools}
            onChange={(event) => setAllowConfirmTools(event.target.checked)}
            aria-describedby={confirmHint}
          />
          <span>{texts.confirmTools}</span>
        </label>
        <p id={confirmHint} className={styles.hint}>
          {texts.confirmToolsHint}
        </p>
      </div>

      {create.isError ? (
        <p role="alert" className={styles.error}>
          {keyFailureText(texts.createFailed, create.error)}
        </p>
      ) : null}

      <div>
        <Button variant="primary" type="submit" disabled={create.isPending}>
          {create.isPending ? texts.creating : texts.create}
        </Button>
      </div>
    </form>
  );
}
