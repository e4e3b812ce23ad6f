import type { AttachmentKind } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../../../../lib/api/attachments';

type Chip = {
  key: string;
  name: string;
  /** The file's own size, as the user knows it. */
  size: number;
  kind: AttachmentKind;
  /** An object URL of the local photo while it uploads (revoked once the server answers). */
  preview?: string;
};

/** One file of the message being written, from its first byte sent to the server's answer. */
export type DraftAttachment =
  | (Chip & { state: 'uploading'; percent: number })
  /** Every byte is sent: the server is turning the photo upright or reading the document. */
  | (Chip & { state: 'processing' })
  | (Chip & { state: 'ready'; attachment: ChatAttachment })
  | (Chip & { state: 'failed'; error: string });

export type DraftAction =
  | { type: 'added'; items: DraftAttachment[] }
  | { type: 'progress'; key: string; percent: number }
  | { type: 'sent'; key: string }
  | { type: 'uploaded'; key: string; attachment: ChatAttachment }
  | { type: 'failed'; key: string; error: string }
  | { type: 'removed'; key: string }
  | { type: 'cleared' }
  /** A refused message gives its attachments back, ahead of any added since. */
  | { type: 'restored'; items: DraftAttachment[] };

const chipOf = ({ key, name, size, kind }: DraftAttachment): Chip => ({ key, name, size, kind });

export const readyChip = (key: string, attachment: ChatAttachment): DraftAttachment => ({
  key,
  name: attachment.name,
  size: attachment.size,
  kind: attachment.kind,
  state: 'ready',
  attachment,
});

function update(items: DraftAttachment[], key: string, change: (item: DraftAttachment) => DraftAttachment) {
  return items.map((item) => (item.key === key ? change(item) : item));
}

export function draftReducer(items: DraftAttachment[], action: DraftAction): DraftAttachment[] {
  switch (action.type) {
    case 'added':
      return [...items, ...action.items];
    case 'progress':
      return update(items, action.key, (item) =>
        item.state === 'uploading' ? { ...item, percent: Math.max(item.percent, action.percent) } : item,
      );
    case 'sent':
      return update(items, action.key, (item) =>
        item.state === 'uploading' ? { ...item, state: 'processing' } : item,
      );
    case 'uploaded':
      return update(items, action.key, (item) => ({ ...chipOf(item), state: 'ready', attachment: action.attachment }));
    case 'failed':
      return update(items, action.key, (item) => ({ ...chipOf(item), state: 'failed', error: action.error }));
    case 'removed':
      return items.filter((item) => item.key !== action.key);
    case 'cleared':
      return [];
    case 'restored': {
      const back = new Set(action.items.map((item) => item.state === 'ready' && item.attachment.id));
      const kept = items.filter((item) => !(item.state === 'ready' && back.has(item.attachment.id)));
      return [...action.items, ...kept];
    }
  }
}

/** A file of the message still on its way: its bytes going out, or the server reading them. */
export const onItsWay = (item: DraftAttachment) => item.state === 'uploading' || item.state === 'processing';

export const readyAttachments = (items: DraftAttachment[]): ChatAttachment[] =>
  items.flatMap((item) => (item.state === 'ready' ? [item.attachment] : []));
