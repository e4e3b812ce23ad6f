import type { AgentDefinition, AttachmentKind } from '@mb/contracts/types/agent';
import { formatFileSize } from '../../../../lib/format-file-size';

/** The server's defaults when the agent file leaves `input.attachments` out (it fills them in for us). */
const defaultKinds: readonly AttachmentKind[] = ['image', 'document'];
const defaultMaxFiles = 4;

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

/** What the file picker lists for each kind. No `capture`: phones offer the camera and the library. */
const pickerTypes: Record<AttachmentKind, readonly string[]> = {
  image: ['image/*', '.heic', '.heif'],
  document: documentExtensions,
};

const takes: Record<'image' | 'document' | 'both', string> = {
  image: 'this assistant takes photos only',
  document: 'this assistant takes PDF, Word, text, Markdown, CSV, JSON and source files',
  both: 'this assistant takes photos and PDF, Word, text, Markdown, CSV, JSON and source files',
};

const names = new Intl.ListFormat('en', { type: 'conjunction' });

export const attachmentTexts = {
  /** Said once in the composer when the agent takes photos but its model cannot see them. */
  blind: {
    withDocuments: "This assistant's model can't see images, so photos can't be attached here. Documents work.",
    alone: "This assistant's model can't see images, so photos can't be attached here.",
  },
  /** A photo picked, dropped or pasted anyway: the note above says why in general, this names the file. */
  blindRefusal: (name: string) => `${name} is a photo, and this assistant's model can't see images.`,
  tooLarge: (name: string, size: number, limit: number) =>
    `${name} is ${formatFileSize(size)}; this assistant takes files up to ${formatFileSize(limit)}.`,
  notTaken: (name: string, kinds: readonly AttachmentKind[]) =>
    `${name} can't be attached: ${takes[kinds.length === 1 ? kinds[0] : 'both']}.`,
  tooMany: (max: number, left: string[]) =>
    `This assistant takes up to ${max} ${max === 1 ? 'file' : 'files'} per message, so ${names.format(left)} ${
      left.length === 1 ? 'was' : 'were'
    } not added.`,
} as const;

/** What the attach button, a drop and a paste take for one agent (`input.attachments` and `model.vision`). */
export type AttachmentPolicy = {
  /** Kinds offered: photos only when the model sees images. Empty: nothing can be attached. */
  kinds: readonly AttachmentKind[];
  /** The agent takes photos but its model cannot see them: the composer says so once. */
  blindNote: string | null;
  maxFiles: number;
  /** Absent: the server's own limit, which it checks. */
  maxFileBytes?: number;
  /** The picker's `accept` list. */
  accept: string;
};

export function attachmentPolicy({ input, model }: Pick<AgentDefinition, 'input' | 'model'>): AttachmentPolicy {
  const declared = input.attachments?.kinds ?? defaultKinds;
  const kinds = declared.filter((kind) => kind !== 'image' || model.vision === true);
  const blind = declared.includes('image') && !kinds.includes('image');
  return {
    kinds,
    blindNote: blind ? attachmentTexts.blind[kinds.length > 0 ? 'withDocuments' : 'alone'] : null,
    maxFiles: input.attachments?.maxFiles ?? defaultMaxFiles,
    maxFileBytes: input.attachments?.maxFileBytes,
    accept: kinds.flatMap((kind) => pickerTypes[kind]).join(','),
  };
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** The kind a file looks like from its type and name: a first guess; the server decides from its bytes. */
export function guessKind(file: File): AttachmentKind | undefined {
  const extension = extensionOf(file.name);
  if (file.type.startsWith('image/') || imageExtensions.includes(extension)) return 'image';
  if (file.type.startsWith('text/') || documentMediaTypes.has(file.type) || documentExtensions.includes(extension)) {
    return 'document';
  }
  return undefined;
}

/** Why a file is not taken before anything is sent (null: send it and let the server judge). */
export function refusalOf(file: File, policy: AttachmentPolicy): string | null {
  const kind = guessKind(file);
  if (policy.blindNote && (kind === 'image' || policy.kinds.length === 0))
    return attachmentTexts.blindRefusal(file.name);
  if (!kind || !policy.kinds.includes(kind)) return attachmentTexts.notTaken(file.name, policy.kinds);
  if (policy.maxFileBytes !== undefined && file.size > policy.maxFileBytes) {
    return attachmentTexts.tooLarge(file.name, file.size, policy.maxFileBytes);
  }
  return null;
}
