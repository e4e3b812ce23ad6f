import type { AgentDefinition, ErrorStyle } from '@mb/contracts/types/agent';
import { toast } from '../../../components/toast/toasts';
import { inputRefusals, wordingOf } from '../../../lib/failure-wording';
import type { ChatItem } from '../chat-item';
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
    toast({ title: errorToastTitle, description: toastWords(failure, agent), variant: 'destructive' });
  },
};

function toastWords(failure: TurnFailure, agent: AgentDefinition): string {
  // A refused input (e.g. an invalid pasted configuration) says what to fix rather than the generic text.
  if (failure.details?.length) return withDetails(failure);
  if (isRefusal(failure)) return failure.message;
  return agent.errors.text ?? wordingOf(failure.code)?.text ?? failure.message;
}

const isRefusal = (failure: TurnFailure) => failure.code !== undefined && inputRefusals.has(failure.code);

export function reportTurnFailure(
  failure: TurnFailure,
  agent: AgentDefinition,
  append: (item: ChatItem) => void,
): void {
  // An apology for a failure would hide what to change: a refused message is always said plainly.
  presenters[styleOf(failure, agent)](failure, agent, append);
}

const styleOf = (failure: TurnFailure, agent: AgentDefinition): ErrorStyle =>
  isRefusal(failure) && agent.errors.style === 'apology' ? 'notice' : agent.errors.style;

/**
 * Why a message was not sent, in the words its report used (the toast's, or the notice's), to stay beside
 * the draft it gave back. An apology's words would say nothing, so that style's reason is the notice's.
 */
export function failureReason(failure: TurnFailure, agent: AgentDefinition): string {
  if (styleOf(failure, agent) === 'toast') return toastWords(failure, agent);
  return wordingOf(failure.code)?.text ?? withDetails(failure);
}

const withDetails = ({ message, details }: TurnFailure) =>
  details?.length ? `${message} ${details.join('; ')}` : message;
