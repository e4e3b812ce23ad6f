/* eslint-disable */
/**
 * Generated from schemas/wire/apply-persona-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentConfig } from '../agent-config.js';

/**
 * Body of PUT /api/chat/sessions/{id}/persona: an agent configuration, exactly what may be pasted into a reconfigurable agent's chat.
 */
export type ApplyPersonaRequest = AgentConfig;
