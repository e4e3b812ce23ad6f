/* eslint-disable */
/**
 * Generated from schemas/wire/openai-model.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * One agent as OpenAI describes a model: GET /v1/models/{model}, and each item of GET /v1/models.
 */
export interface OpenAiModel {
  /**
   * The agent's id: the `model` of a chat completion.
   */
  id: string;
  object: 'model';
  /**
   * Unix seconds; when the server read the agent.
   */
  created: number;
  /**
   * Always this site's agents.
   */
  owned_by: string;
}
