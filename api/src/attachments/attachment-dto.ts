import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { AttachmentMeta, MessageAttachment } from './attachment.store';

/** An attachment as clients see it: what was kept, never where or how. */
export const toAttachmentDto = (meta: AttachmentMeta | MessageAttachment): ChatAttachment => ({
  id: meta.id,
  kind: meta.kind,
  name: meta.name,
  mediaType: meta.mediaType,
  size: meta.size,
  ...(meta.width !== null && { width: meta.width }),
  ...(meta.height !== null && { height: meta.height }),
  ...(meta.pages !== null && { pages: meta.pages }),
  ...(meta.parts > 0 && { parts: meta.parts }),
  ...('readSummary' in meta && meta.readSummary && { read: meta.readSummary }),
});
