/* eslint-disable */
/**
 * Generated from schemas/wire/openai-usage.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * The tokens of every model call the reply made, tool steps included (our count when the model service reports none).
 */
export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}
