/* eslint-disable */
/**
 * Generated from schemas/wire/openai-error-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Every error of /v1, in OpenAI's shape, so OpenAI clients read it as they read OpenAI's.
 */
export interface OpenAiErrorResponse {
  error: {
    /**
     * What went wrong, in a sentence.
     */
    message: string;
    /**
     * invalid_request_error (400, 404), authentication_error (401), rate_limit_error (429), server_error (5xx).
     */
    type: string;
    /**
     * invalid_api_key, model_not_found, missing_required_parameter, invalid_value, rate_limit_exceeded, unknown_url, …
     */
    code: string | null;
    /**
     * The request field at fault (messages[1].role), or null.
     */
    param: string | null;
  };
}
