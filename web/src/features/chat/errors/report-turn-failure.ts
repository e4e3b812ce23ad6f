import type { AgentDefinition, ErrorStyle } from '../../../../../schemas/types/agent';
import { toast } from '../../../components/toast/toast-store';
import type { ChatItem } from '../conversation/conversation-state';
import type { TurnFailure } from './turn-failure';

type Notice = { title: string; text: string; reconnect?: boolean };

/** The spec's titled notices for the failures a user can act on; others show their own message. */
const knownNotices: Record<string, Notice> = {
  NO_API_KEY: {
    title: 'API Key Required',
    text: 'OpenAI API key is missing or invalid. Please provide a valid API key.',
    reconnect: true,
  },
  UNAUTHORIZED: {
    title: 'API Key Invalid',
    text: 'Your OpenAI API key appears to be invalid. Please check and try again.',
    reconnect: true,
  },
  NETWORK_ERROR: {
    title: 'Network Error',
    text: 'Unable to connect to OpenAI. Please check your internet connection and try again.',
  },
  RATE_LIMIT: {
    title: 'Rate Limit Exceeded',
    text: 'OpenAI rate limit exceeded. Please wait a moment and try again.',
  },
};

export const errorToastTitle = 'Error';

type Report = (failure: TurnFailure, agent: AgentDefinition, append: (item: ChatItem) => void) => void;

/** One presenter per error style of the agent file (the spec: notice, apology or toast). */
const presenters: Record<ErrorStyle, Report> = {
  notice: (failure, _agent, append) => {
    const known = failure.code ? knownNotices[failure.code] : undefined;
    append({
      kind: 'notice',
      key: `notice-${crypto.randomUUID()}`,
      title: known?.title,
      text: known?.text ?? failure.message,
      details: known ? undefined : failure.details,
      reconnect: known?.reconnect,
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
      : (agent.errors.text ?? failure.message);
    toast({ title: errorToastTitle, description, variant: 'destructive' });
  },
};

export function reportTurnFailure(
  failure: TurnFailure,
  agent: AgentDefinition,
  append: (item: ChatItem) => void,
): void {
  presenters[agent.errors.style](failure, agent, append);
}
