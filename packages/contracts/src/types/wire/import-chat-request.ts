/* eslint-disable */
/**
 * Generated from schemas/wire/import-chat-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ChatExport } from './chat-export.js';

/**
 * POST /api/chat/import: a chat exported as JSON (a ChatExport document, wire/chat-export.schema.json), unchanged.
 */
export type ImportChatRequest = ChatExport;
