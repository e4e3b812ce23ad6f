import type { ChatSession, ChatSharing } from '@mb/contracts/types/wire/chat-session';
import type { ChatSessionEntity } from './chat-session.entity';

/** A chat on the wire; `sharing` (how it stands to the viewer) only once people are configured. */
export const toSessionDto = (s: ChatSessionEntity, sharing?: ChatSharing): ChatSession => ({
  id: s.id,
  title: s.title,
  systemPrompt: s.systemPrompt,
  summary: s.summary,
  agentType: s.agentType,
  persona: s.persona,
  pinned: Boolean(s.pinnedAt),
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
  ...(s.apiKeyName ? { apiKeyName: s.apiKeyName } : {}),
  ...(sharing ? { sharing } : {}),
});
