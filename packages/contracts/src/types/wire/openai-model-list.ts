/* eslint-disable */
/**
 * Generated from schemas/wire/openai-model-list.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { OpenAiModel } from './openai-model.js';

/**
 * GET /v1/models: the agents this key may use, in OpenAI's list shape (a model's id is the agent's id).
 */
export interface OpenAiModelList {
  object: 'list';
  data: OpenAiModel[];
}
