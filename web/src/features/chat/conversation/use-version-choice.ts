import { useCallback, useState, type Dispatch } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { chooseVersion } from '../../../lib/api/versions';
import { useModelKey } from '../../../lib/model-key';
import { reportTurnFailure } from '../errors/report-turn-failure';
import { toTurnFailure } from '../errors/turn-failure';
import type { ChatItem } from '../chat-item';
import type { ConversationAction } from './conversation-state';

type VersionChoiceDeps = {
  agent: AgentDefinition;
  dispatch: Dispatch<ConversationAction>;
  append: (item: ChatItem) => void;
  sessionId: string | null;
  busy: boolean;
};

/** Another version of the last exchange shown, and whether one is on its way (`choosing`). */
export function useVersionChoice({ agent, dispatch, append, sessionId, busy }: VersionChoiceDeps) {
  const [modelKey] = useModelKey();
  const [choosing, setChoosing] = useState(false);
  /** Shows another version of the last exchange; the server keeps the choice (a reload shows it, the model reads it). */
  const showVersion = useCallback(
    async (version: number) => {
      if (!sessionId || busy || choosing) return;
      setChoosing(true);
      try {
        dispatch({ type: 'exchange-replaced', messages: await chooseVersion(sessionId, version, modelKey) });
      } catch (error) {
        reportTurnFailure(toTurnFailure(error), agent, append);
      } finally {
        setChoosing(false);
      }
    },
    [agent, append, busy, choosing, dispatch, modelKey, sessionId],
  );

  return { showVersion, choosing };
}
