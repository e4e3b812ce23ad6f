import type { ChatMessage } from '../../../schemas/types/wire/chat-message';
import type { ChatSession } from '../../../schemas/types/wire/chat-session';
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

export const toMessageDto = (m: ChatMessageEntity): ChatMessage => ({
  id: String(m.id),
  role: m.role,
  content: m.content,
  order: m.order,
  incomplete: m.incomplete,
  sources: m.sources ?? [],
  createdAt: m.createdAt.toISOString(),
  ...(m.usage && { usage: m.usage }),
  ...(m.provenance && { provenance: m.provenance }),
});
