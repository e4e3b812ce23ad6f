import { attachmentPolicyTexts, DEFAULT_MAX_FILES, offeredKinds } from '@mb/contracts/attachment-policy';
import type { AgentDefinition, AttachmentKind } from '@mb/contracts/types/agent';
import { formatFileSize } from '../../../../lib/format-file-size';

const imageExtensions = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.heic', '.heif'];
const sourceExtensions =
  'js jsx ts tsx mjs cjs py rb php java kt swift go rs c h cpp hpp cs sh sql html css scss xml yaml yml toml'
    .split(' ')
    .map((extension) => `.${extension}`);
const documentExtensions = ['.pdf', '.docx', '.txt', '.md', '.csv', '.json', ...sourceExtensions];
const documentMediaTypes = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/json',
]);

/** What the browser knows of a kind: what the picker lists, how a file's type and name suggest it, how it is named. */
type WebKind = {
  /** The picker's `accept` entries. No `capture`: phones offer the camera and the library. */
  picker: readonly string[];
  looksLike: (mediaType: string, extension: string) => boolean;
  /** Its chip draws the file itself: from the local file while it uploads, then from the server's thumbnail. */
  pictured: boolean;
  /** What a refusal says the agent takes: with the other kinds, and (when different) alone. */
  takes: string;
  takesAlone?: string;
};

/** In this order a file's guess is tried: any text could be a document. */
const webKinds: Record<AttachmentKind, WebKind> = {
  image: {
    picker: ['image/*', '.heic', '.heif'],
    looksLike: (mediaType, extension) => mediaType.startsWith('image/') || imageExtensions.includes(extension),
    pictured: true,
    takes: 'photos',
    takesAlone: 'photos only',
  },
  document: {
    picker: documentExtensions,
    looksLike: (mediaType, extension) =>
      mediaType.startsWith('text/') || documentMediaTypes.has(mediaType) || documentExtensions.includes(extension),
    pictured: false,
    takes: 'PDF, Word, text, Markdown, CSV, JSON and source files',
  },
};

export const isPictured = (kind: AttachmentKind): boolean => webKinds[kind].pictured;

const and = new Intl.ListFormat('en', { type: 'conjunction' });

const takes = (kinds: readonly AttachmentKind[]) =>
  kinds.length === 0
    ? 'this assistant does not take attachments'
    : `this assistant takes ${
        kinds.length === 1
          ? (webKinds[kinds[0]].takesAlone ?? webKinds[kinds[0]].takes)
          : and.format(kinds.map((kind) => webKinds[kind].takes))
      }`;

export const attachmentTexts = {
  tooLarge: (name: string, size: number, limit: number) =>
    `${name} is ${formatFileSize(size)}; this assistant takes files up to ${formatFileSize(limit)}.`,
  notTaken: (name: string, kinds: readonly AttachmentKind[]) => `${name} can't be attached: ${takes(kinds)}.`,
  tooMany: (max: number, left: string[]) =>
    `This assistant takes up to ${max} ${max === 1 ? 'file' : 'files'} per message, so ${and.format(left)} ${
      left.length === 1 ? 'was' : 'were'
    } not added.`,
} as const;

/**
 * What the attach button, a drop and a paste take for one agent (`input.attachments` and `model.vision`): the
 * shared policy (@mb/contracts/attachment-policy) and what the picker lists.
 */
export type AttachmentPolicy = {
  /** Kinds offered: those needing vision only when the model sees images. Empty: nothing can be attached. */
  kinds: readonly AttachmentKind[];
  /** Kinds the agent takes but its model cannot see. */
  unseen: readonly AttachmentKind[];
  /** Said once in the composer when some kinds are held back by the vision rule. */
  blindNote: string | null;
  maxFiles: number;
  /** Absent: the server's own limit, which it checks. */
  maxFileBytes?: number;
  /** The picker's `accept` list. */
  accept: string;
};

export function attachmentPolicy({ input, model }: Pick<AgentDefinition, 'input' | 'model'>): AttachmentPolicy {
  const offered = offeredKinds(input.attachments?.kinds, model.vision === true);
  return {
    ...offered,
    blindNote: attachmentPolicyTexts.blindNote(offered),
    maxFiles: input.attachments?.maxFiles ?? DEFAULT_MAX_FILES,
    maxFileBytes: input.attachments?.maxFileBytes,
    accept: offered.kinds.flatMap((kind) => webKinds[kind].picker).join(','),
  };
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** The kind a file looks like from its type and name: a first guess; the server decides from its bytes. */
export function guessKind(file: File): AttachmentKind | undefined {
  const extension = extensionOf(file.name);
  return (Object.keys(webKinds) as AttachmentKind[]).find((kind) => webKinds[kind].looksLike(file.type, extension));
}

/** Why a file is not taken before anything is sent (null: send it and let the server judge). */
export function refusalOf(file: File, policy: AttachmentPolicy): string | null {
  const kind = guessKind(file);
  // The composer's note says why in general; this names the file (whatever it is when nothing can be attached).
  const unseen = kind && policy.unseen.includes(kind) ? kind : policy.kinds.length ? undefined : policy.unseen[0];
  if (unseen) return attachmentPolicyTexts.blindRefusal(file.name, unseen);
  if (!kind || !policy.kinds.includes(kind)) return attachmentTexts.notTaken(file.name, policy.kinds);
  if (policy.maxFileBytes !== undefined && file.size > policy.maxFileBytes) {
    return attachmentTexts.tooLarge(file.name, file.size, policy.maxFileBytes);
  }
  return null;
}
