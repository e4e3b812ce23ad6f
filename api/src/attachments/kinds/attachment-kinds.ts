import type { AttachmentKind } from '@mb/contracts/types/agent';
import type { AttachmentKindHandler, Claim, ExportedFile } from './attachment-kind-handler';
import { documentKind } from './document.kind';
import { imageKind } from './image.kind';

/**
 * Every attachment kind's handler, by the kind's name (AttachmentKind, from the agent schema): the compiler flags
 * a kind without one. Files are offered to them in this order, and a document claims any text: it comes last.
 */
export const ATTACHMENT_KINDS: { [K in AttachmentKind]: AttachmentKindHandler<K> } = {
  image: imageKind,
  document: documentKind,
};

export const kindHandler = (kind: AttachmentKind): AttachmentKindHandler => ATTACHMENT_KINDS[kind];

/** What an export's Markdown says of a file after its name, in its kind's words. */
export const exportLabel = (file: ExportedFile & { kind: AttachmentKind }): string =>
  kindHandler(file.kind).exportLabel(file);

export const KIND_HANDLERS: readonly AttachmentKindHandler[] = Object.values(ATTACHMENT_KINDS);

/** The kind whose sniffing claims a file's first bytes, and how; undefined: no kind takes it. */
export function claimOf(head: Buffer): { handler: AttachmentKindHandler; claim: Claim } | undefined {
  for (const handler of KIND_HANDLERS) {
    const claim = handler.sniff(head);
    if (claim) return { handler, claim };
  }
  return undefined;
}

const and = new Intl.ListFormat('en', { type: 'conjunction' });
const formats = and.format(KIND_HANDLERS.map((handler) => handler.formats));

/** Why a file no kind claims is refused, naming what every kind takes. */
export const NO_KIND = `This kind of file cannot be attached. ${formats.charAt(0).toUpperCase()}${formats.slice(1)} can.`;
