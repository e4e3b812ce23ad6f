import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Spinner } from '../../components/spinner/spinner';
import { agentsKey, type PublicAgent } from '../../lib/api/agents';
import { apiKeysKey, type ApiKey } from '../../lib/api/api-keys';
import { revokeApiKey } from '../../lib/api/revoke-api-key';
import { keyFailureText } from './key-failure';
import { keysTexts as texts } from './keys-texts';
import styles from './key-list.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A time of the list as the reader's locale writes it. */
export function formatWhen(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** The agents a key may use, by name where the list knows them. */
export function agentNames(key: ApiKey, agents: readonly PublicAgent[] | undefined): string {
  if (key.agents === null) return texts.everyAgent;
  const names = new Map(agents?.map((agent) => [agent.id, agent.display.name]));
  return key.agents.map((id) => names.get(id) ?? id).join(', ');
}

function KeyItem({ apiKey, agents }: { apiKey: ApiKey; agents: readonly PublicAgent[] | undefined }) {
  const nameId = useId();
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className={styles.item}>
      <Card as="article" className={styles.card} aria-labelledby={nameId} data-revoked={revoked || undefined}>
        <div className={styles.top}>
          <h3 id={nameId} className={styles.name}>
            {apiKey.name}
          </h3>
          <code className={styles.prefix}>{apiKey.prefix}…</code>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{texts.agents}</dt>
            <dd>{agentNames(apiKey, agents)}</dd>
          </div>
          <div>
            <dt>{texts.createdAt}</dt>
            <dd>{formatWhen(apiKey.createdAt)}</dd>
          </div>
          <div>
            <dt>{texts.expires}</dt>
            <dd>{apiKey.expiresAt ? formatWhen(apiKey.expiresAt) : texts.never}</dd>
          </div>
          <div>
            <dt>{texts.lastUsed}</dt>
            <dd>{apiKey.lastUsedAt ? formatWhen(apiKey.lastUsedAt) : texts.neverUsed}</dd>
          </div>
          <div>
            <dt>{texts.tokensUsed}</dt>
            <dd>{apiKey.tokensUsed.toLocaleString()}</dd>
          </div>
          {apiKey.revokedAt ? (
            <div>
              <dt>{texts.revoked}</dt>
              <dd>{formatWhen(apiKey.revokedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {revoke.isError ? (
          <p role="alert" className={styles.error}>
            {keyFailureText(texts.revokeFailed, revoke.error)}
          </p>
        ) : null}
        {revoked ? null : (
          <div>
            <Button
              variant="compact"
              onClick={() => setAsking(true)}
              disabled={revoke.isPending}
              aria-label={`${texts.revoke} ${apiKey.name}`}
            >
              {texts.revoke}
            </Button>
          </div>
        )}
      </Card>
      {asking ? (
        <ConfirmDialog
          message={texts.revokeQuestion(apiKey.name)}
          detail={texts.revokeDetail}
          confirmLabel={texts.revoke}
          className={styles.revokeDialog}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            revoke.mutate();
          }}
        />
      ) : null}
    </li>
  );
}

/** The viewer's keys, newest first, with their use; each may be revoked. */
export function KeyList() {
  const keys = useQuery<ApiKey[]>({ queryKey: apiKeysKey, refetchOnMount: 'always' });
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey });
  if (keys.isPending) return <Spinner label={texts.loading} />;
  if (keys.isError) {
    return (
      <div className={styles.failed} role="alert">
        <p>{keyFailureText(texts.keysFailed, keys.error)}</p>
        <Button variant="secondary" onClick={() => void keys.refetch()}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  if (keys.data.length === 0) return <p className={styles.empty}>{texts.noKeys}</p>;
  return (
    <ul className={styles.list}>
      {keys.data.map((key) => (
        <KeyItem key={key.id} apiKey={key} agents={agents.data} />
      ))}
    </ul>
  );
}
