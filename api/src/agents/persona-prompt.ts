import type { AgentConfig, GuidelinePriority } from '@mb/contracts/types/agent-config';

const LEVEL_RANK: Record<Exclude<GuidelinePriority, number>, number> = { critical: 0, high: 3, medium: 5, low: 8 };

const rank = (priority: GuidelinePriority) => (typeof priority === 'number' ? priority - 0.5 : LEVEL_RANK[priority]);
const label = (priority: GuidelinePriority) => (typeof priority === 'number' ? `priority ${priority}` : priority);

/** The system prompt an agent configuration stands for: role, then expertise, then rules, most important first. */
export function personaPrompt(persona: AgentConfig): string {
  const parts = [persona.role_description.trim()];
  if (persona.domains.length) {
    parts.push(
      ['Your areas of expertise:', ...persona.domains.map((d) => `- ${d.title.trim()}: ${d.description.trim()}`)].join(
        '\n',
      ),
    );
  }
  if (persona.response_guidelines.length) {
    const rules = persona.response_guidelines
      .map((rule, index) => ({ rule, index }))
      .sort((a, b) => rank(a.rule.priority) - rank(b.rule.priority) || a.index - b.index)
      .map(({ rule }) => `- (${label(rule.priority)}) ${rule.content.trim()}`);
    parts.push(['How to answer, most important first:', ...rules].join('\n'));
  }
  return parts.join('\n\n');
}
