import type { AttachmentKind } from './types/agent';

/** What both ends know of an attachment kind: what the policy calls its files, and whether a model must see images. */
export interface AttachmentKindTraits {
  /** "photos": a refusal or a note names the kind by this. */
  plural: string;
  /** "a photo": one file of the kind, in a sentence. */
  singular: string;
  /** Offered only when the agent's model sees images. */
  needsVision: boolean;
}

export const ATTACHMENT_KIND_TRAITS: Record<AttachmentKind, AttachmentKindTraits> = {
  image: { plural: 'photos', singular: 'a photo', needsVision: true },
  document: { plural: 'documents', singular: 'a document', needsVision: false },
};

/** What an agent takes when its file leaves `input.attachments` out: every kind, this many files per message. */
export const DEFAULT_ATTACHMENT_KINDS = Object.keys(ATTACHMENT_KIND_TRAITS) as readonly AttachmentKind[];
export const DEFAULT_MAX_FILES = 4;

/** The kinds an agent's file names, split by the vision rule. */
export interface OfferedKinds {
  /** What is offered: every kind named, but those needing vision when the model does not see images. */
  kinds: AttachmentKind[];
  /** Named but held back because the model does not see images. */
  unseen: AttachmentKind[];
}

export function offeredKinds(named: readonly AttachmentKind[] | undefined, seesImages: boolean): OfferedKinds {
  const declared = named ?? DEFAULT_ATTACHMENT_KINDS;
  const seen = (kind: AttachmentKind) => seesImages || !ATTACHMENT_KIND_TRAITS[kind].needsVision;
  return { kinds: declared.filter(seen), unseen: declared.filter((kind) => !seen(kind)) };
}

const and = new Intl.ListFormat('en', { type: 'conjunction' });
const plurals = (kinds: readonly AttachmentKind[]) =>
  and.format(kinds.map((kind) => ATTACHMENT_KIND_TRAITS[kind].plural));
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const NO_VISION = "this assistant's model can't see images";
const NONE = 'This assistant does not take attachments.';

/** The policy's sentences, the same on the server's refusals and in the composer. */
export const attachmentPolicyTexts = {
  none: NONE,
  /** Said once where files are attached when the vision rule held kinds back; null when it held none. */
  blindNote: ({ kinds, unseen }: OfferedKinds): string | null =>
    unseen.length
      ? `${capitalized(NO_VISION)}, so ${plurals(unseen)} can't be attached here.` +
        (kinds.length ? ` ${capitalized(plurals(kinds))} work.` : '')
      : null,
  /** One file of a kind held back by the vision rule, named. */
  blindRefusal: (name: string, kind: AttachmentKind) =>
    `${name} is ${ATTACHMENT_KIND_TRAITS[kind].singular}, and ${NO_VISION}.`,
  /** A kind the agent's file does not name. */
  notTaken: (kind: AttachmentKind, kinds: readonly AttachmentKind[]) =>
    kinds.length ? `This assistant takes ${plurals(kinds)}, not ${ATTACHMENT_KIND_TRAITS[kind].plural}.` : NONE,
} as const;
