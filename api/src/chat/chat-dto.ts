import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { ChatMessageEntity } from './chat-message.entity';
import type { ChatSessionEntity } from './chat-session.entity';

export const toSessionDto = (s: ChatSessionEntity): ChatSession => ({
  id: s.id,
  title: s.title,
  systemPrompt: s.systemPrompt,
  summary: s.summary,
  agentType: s.agentType,
  persona: s.persona,
  pinned: Boolean(s.pinnedAt),
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

/**
 * A message as sent to clients. `versionCount`: how many versions the chat's last exchange has, for its
 * messages (the web shows '2 / 2' and the arrows when there are several).
 */
export const toMessageDto = (m: ChatMessageEntity, versionCount?: number): ChatMessage => ({
  id: String(m.id),
  role: m.role,
  content: m.content,
  order: m.order,
  incomplete: m.incomplete,
  sources: m.sources ?? [],
  createdAt: m.createdAt.toISOString(),
  ...(m.usage && { usage: m.usage }),
  ...(m.provenance && { provenance: m.provenance }),
  ...(m.version && versionCount && versionCount > 1 && { versions: { chosen: m.version, count: versionCount } }),
});

/** A message of a turn being written: a new version is always the exchange's newest, so its number is the count. */
export const toTurnMessageDto = (m: ChatMessageEntity): ChatMessage => toMessageDto(m, m.version ?? undefined);
