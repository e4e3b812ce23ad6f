/* eslint-disable */
/**
 * Generated from schemas/wire/chat-attachment.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AttachmentKind } from '../agent.js';

/**
 * A photo or document attached to a message: the answer of POST /api/chat/attachments, and each item of a message's `attachments`. Only what the server kept is described: a processed image (upright, no metadata, downscaled) or a document's text.
 */
export interface ChatAttachment {
  /**
   * Random id; GET /api/chat/attachments/:id serves the file.
   */
  id: string;
  kind: AttachmentKind;
  /**
   * The file's name as the user had it (shown only, never a path).
   */
  name: string;
  /**
   * What the server serves it as, decided from its bytes.
   */
  mediaType: string;
  /**
   * Bytes kept (a processed image is usually smaller than the photo sent).
   */
  size: number;
  /**
   * Images: width in pixels, upright.
   */
  width?: number;
  /**
   * Images: height in pixels, upright.
   */
  height?: number;
  /**
   * PDFs: how many pages.
   */
  pages?: number;
  /**
   * Documents: how many parts (pages, sections or runs of lines) its text was read in.
   */
  parts?: number;
  /**
   * On a sent message's document: what the model read of it when the message was answered, e.g. "the whole document" or "pages 3-9 and 41 of 80".
   */
  read?: string;
}
