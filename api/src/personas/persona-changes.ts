import { diffWords } from 'diff';
import type { AgentConfig, AgentDomain, AgentResponseGuideline } from '@mb/contracts/types/agent-config';
import type { PersonaChanges, TextPart } from '@mb/contracts/types/wire/persona-changes';

/** A text word by word: runs kept, added (only in `after`) and removed (only in `before`). */
export function wordChanges(before: string, after: string): TextPart[] {
  return diffWords(before, after).map((change) => ({
    type: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

const byKey = <T>(items: readonly T[], key: (item: T) => string) => new Map(items.map((item) => [key(item), item]));

function compareDomains(before: AgentDomain[], after: AgentDomain[]): PersonaChanges['domains'] {
  const old = byKey(before, (domain) => domain.title);
  const now = byKey(after, (domain) => domain.title);
  return {
    added: after.filter((domain) => !old.has(domain.title)),
    removed: before.filter((domain) => !now.has(domain.title)),
    changed: after.flatMap((domain) => {
      const previous = old.get(domain.title);
      return previous && previous.description !== domain.description
        ? [{ title: domain.title, description: wordChanges(previous.description, domain.description) }]
        : [];
    }),
  };
}

function compareGuidelines(
  before: AgentResponseGuideline[],
  after: AgentResponseGuideline[],
): PersonaChanges['guidelines'] {
  const old = byKey(before, (guideline) => guideline.content);
  const now = byKey(after, (guideline) => guideline.content);
  return {
    added: after.filter((guideline) => !old.has(guideline.content)),
    removed: before.filter((guideline) => !now.has(guideline.content)),
    changed: after.flatMap((guideline) => {
      const previous = old.get(guideline.content);
      return previous && previous.priority !== guideline.priority
        ? [{ content: guideline.content, from: previous.priority, to: guideline.priority }]
        : [];
    }),
  };
}

const counted = (count: number, singular: string, plural: string, what: string) =>
  count ? [`${count} ${count === 1 ? singular : plural} ${what}`] : [];

/** One line of what changed, e.g. "2 guidelines added, role changed"; "no changes" when nothing did. */
export function summarize(changes: Omit<PersonaChanges, 'summary' | 'isDefault'>): string {
  const { domains, guidelines } = changes;
  const parts = [
    ...counted(guidelines.added.length, 'guideline', 'guidelines', 'added'),
    ...counted(guidelines.removed.length, 'guideline', 'guidelines', 'removed'),
    ...counted(guidelines.changed.length, 'guideline priority', 'guideline priorities', 'changed'),
    ...counted(domains.added.length, 'domain', 'domains', 'added'),
    ...counted(domains.removed.length, 'domain', 'domains', 'removed'),
    ...counted(domains.changed.length, 'domain', 'domains', 'changed'),
    ...(changes.role.changed ? ['role changed'] : []),
  ];
  return parts.length ? parts.join(', ') : 'no changes';
}

/**
 * How `after` differs from `before`, for people: domains matched by title, guidelines by content, the
 * role description word by word. Order alone is not a change.
 */
export function comparePersonas(before: AgentConfig, after: AgentConfig): Omit<PersonaChanges, 'isDefault'> {
  const compared = {
    role: {
      changed: before.role_description !== after.role_description,
      parts: wordChanges(before.role_description, after.role_description),
    },
    domains: compareDomains(before.domains, after.domains),
    guidelines: compareGuidelines(before.response_guidelines, after.response_guidelines),
  };
  return { summary: summarize(compared), ...compared };
}
