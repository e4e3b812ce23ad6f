import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
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
