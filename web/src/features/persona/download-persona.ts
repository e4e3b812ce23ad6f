import type { AgentConfig } from '../../lib/api/persona';

/** `persona-<agent>-<YYYY-MM-DD>.json`, the day in the user's own time zone. */
export function personaFileName(agentId: string, now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `persona-${agentId}-${day}.json`;
}

/** The fields in the schema's order (the database keeps JSON objects with their keys reordered). */
const inSchemaOrder = (persona: AgentConfig): AgentConfig => ({
  role_description: persona.role_description,
  domains: persona.domains.map(({ title, description }) => ({ title, description })),
  response_guidelines: persona.response_guidelines.map(({ priority, content }) => ({ priority, content })),
});

/** The persona as a file: exactly an agent configuration, so pasting it back gives the same persona. */
export const personaFileText = (persona: AgentConfig) => `${JSON.stringify(inSchemaOrder(persona), null, 2)}\n`;

export function downloadPersona(agentId: string, persona: AgentConfig): void {
  const url = URL.createObjectURL(new Blob([personaFileText(persona)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = personaFileName(agentId);
  link.click();
  // The click starts the download synchronously; the URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
