import type { AgentDefinition } from '@mb/contracts/types/agent';
import { AppError } from '../common/app-error';
import type { Viewer } from '../access';

/**
 * Whether a viewer may use an agent (see its card, open its page and chats, call it): the one check of an agent's
 * `audience`. Absent, everyone may; the circle (no people configured) always may; a guest is in no audience.
 */
export function mayUse(viewer: Viewer, agent: Pick<AgentDefinition, 'audience'>): boolean {
  if (!agent.audience || viewer.kind === 'circle') return true;
  return viewer.kind === 'person' && agent.audience.includes(viewer.personId);
}

/** How calling an agent meant for others is refused, on every route that calls one. */
export const agentRefused = (agent: Pick<AgentDefinition, 'id'>) =>
  new AppError(
    'FORBIDDEN',
    `The agent "${agent.id}" is meant for someone else in the circle: its file names who may use it.`,
  );
