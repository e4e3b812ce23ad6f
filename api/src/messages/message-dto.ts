import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatMessageEntity } from '../sessions';
import type { ExchangeVersions } from './versions';

/**
 * A message as sent to clients. `versionCount`: how many versions the chat's last exchange has, for its
 * messages (the web shows '2 / 2' and the arrows when there are several).
 */
export const toMessageDto = (m: ChatMessageEntity, versionCount?: number): ChatMessage => ({
  id: String(m.id),
  role: m.role,
  content: m.content,
  ...(m.attachments?.length && { attachments: m.attachments }),
  order: m.order,
  incomplete: m.incomplete,
  sources: m.sources ?? [],
  ...(m.toolCalls?.length && { toolCalls: m.toolCalls }),
  createdAt: m.createdAt.toISOString(),
  ...(m.usage && { usage: m.usage }),
  ...(m.provenance && { provenance: m.provenance }),
  ...(m.version && versionCount && versionCount > 1 && { versions: { chosen: m.version, count: versionCount } }),
});

/** The messages of a page, the last exchange's marked with its versions. */
export const toMessageDtos = (items: ChatMessageEntity[], versions: ExchangeVersions | null): ChatMessage[] =>
  items.map((m) => toMessageDto(m, versions && m.order >= versions.from ? versions.count : undefined));

/** A message of a turn being written: a new version is always the exchange's newest, so its number is the count. */
export const toTurnMessageDto = (m: ChatMessageEntity): ChatMessage => toMessageDto(m, m.version ?? undefined);
