import type { AttachmentKind } from '@mb/contracts/types/agent';
import type { ModelAttachment } from '../../llm';
import type { AttachmentMeta, MessageAttachment, NewAttachment, StoredPart } from '../attachment.store';

/** A file of ours on disk, and the name its owner gave it (shown only). */
export interface FileOnDisk {
  path: string;
  name: string;
}

/** What a kind keeps of a file it processed; the processing adds whose it is, its kind and its name. */
export type KeptFile = Omit<NewAttachment, 'agentType' | 'kind' | 'name'>;

/** The server's settings a kind's processing reads. */
export interface KindSettings {
  imageMaxEdge: number;
}

/** What a kind may read of stored files for the model: their bytes, a file's parts. */
export interface StoredContents {
  contents(ids: string[]): Promise<Map<string, Buffer>>;
  parts(ids: string[]): Promise<StoredPart[]>;
}

/**
 * What a kind says of a file's first bytes: nothing (not its kind), that it is its kind, or that it is its kind
 * only to be refused whoever the file is for (markup that can carry scripts), which processing then says why.
 */
export type Claim = 'claimed' | 'claimed-to-refuse';

/** A kind read whole by the model, at a cost known from what was kept (a photo's tiles). */
export interface WholeReading {
  tokens(meta: AttachmentMeta): number;
  /** How its reading is said ("the whole image"). */
  summary: string;
}

/** What an export's Markdown says of a file, besides its name. */
export type ExportedFile = Pick<AttachmentMeta, 'mediaType' | 'width' | 'height' | 'pages'> & {
  readSummary: string | null;
};

/**
 * Everything the server does that differs by attachment kind: the kind's file in kinds/ implements it, and the
 * map in attachment-kinds.ts registers it.
 */
export interface AttachmentKindHandler<K extends AttachmentKind = AttachmentKind> {
  kind: K;
  /** How the refusal of a file of no kind names this one: "photos (JPEG, PNG, HEIC, WebP, AVIF, GIF)". */
  formats: string;
  /** Whether a file is of this kind, from its first 4 KB: never its name or declared type. */
  sniff(head: Buffer): Claim | undefined;
  /** The file made safe, as it is kept, or a FileRefusal a user can act on. */
  process(file: FileOnDisk, settings: KindSettings): Promise<KeptFile>;
  /** Whole at a known cost, or by its parts, planned within the room left beside the message. */
  reading: WholeReading | 'parts';
  /** Why a message with files of this kind leaves no room in a model reading `budgetTokens` at once. */
  noRoom(budgetTokens: number): string;
  /** What the model gets of these sent files of this kind, by id: each as it was planned when it was sent. */
  modelView(files: MessageAttachment[], stored: StoredContents): Promise<Map<string, ModelAttachment & { kind: K }>>;
  /** How GET /api/chat/attachments/:id serves it: shown in the page, or downloaded. */
  served: 'inline' | 'attachment';
  /** The bytes of an imported file are kept as they came when the processing would store them unchanged. */
  keepsImportedBytes?(kept: NewAttachment, imported: Buffer): boolean;
  /** What an export's Markdown says of it after its name: "photo, 800 × 600", "PDF, 3 pages; read: …". */
  exportLabel(file: ExportedFile): string;
}
