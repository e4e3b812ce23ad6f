import type { AgentDefinition, ErrorStyle } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toast-store';
import { inputRefusals, wordingOf } from '../../../lib/failure-wording';
import type { ChatItem } from '../conversation/conversation-state';
import type { TurnFailure } from './turn-failure';

export const errorToastTitle = 'Error';

type Report = (failure: TurnFailure, agent: AgentDefinition, append: (item: ChatItem) => void) => void;

/** One presenter per error style of the agent file (the spec: notice, apology or toast). */
const presenters: Record<ErrorStyle, Report> = {
  notice: (failure, _agent, append) => {
    const known = wordingOf(failure.code);
    append({
      kind: 'notice',
      key: `notice-${crypto.randomUUID()}`,
      title: known?.title,
      text: known?.text ?? failure.message,
      details: known ? undefined : failure.details,
      reconnect: known?.reconnect,
      refused: isRefusal(failure),
    });
  },
  apology: (_failure, agent, append) => {
    append({
      kind: 'assistant',
      key: `apology-${crypto.randomUUID()}`,
      content: agent.errors.text ?? '',
      sources: [],
      incomplete: false,
      streaming: false,
    });
  },
  toast: (failure, agent) => {
    // A refused input (e.g. an invalid pasted configuration) says what to fix rather than the generic text.
    const description = failure.details?.length
      ? `${failure.message} ${failure.details.join('; ')}`
      : isRefusal(failure)
        ? failure.message
        : (agent.errors.text ?? wordingOf(failure.code)?.text ?? failure.message);
    toast({ title: errorToastTitle, description, variant: 'destructive' });
  },
};

const isRefusal = (failure: TurnFailure) => failure.code !== undefined && inputRefusals.has(failure.code);

export function reportTurnFailure(
  failure: TurnFailure,
  agent: AgentDefinition,
  append: (item: ChatItem) => void,
): void {
  // An apology for a failure would hide what to change: a refused message is always said plainly.
  const style = isRefusal(failure) && agent.errors.style === 'apology' ? 'notice' : agent.errors.style;
  presenters[style](failure, agent, append);
}
