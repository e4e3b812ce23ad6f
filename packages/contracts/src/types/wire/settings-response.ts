/* eslint-disable */
/**
 * Generated from schemas/wire/settings-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of GET /api/settings: what the server can do without a key from the browser.
 */
export interface SettingsResponse {
  /**
   * The server has its own OpenAI API key.
   */
  hasOpenAIKey: boolean;
  /**
   * The server's model client is ready to answer.
   */
  clientInitialized: boolean;
  /**
   * The assistant strategy (last N messages) is available with the server's key.
   */
  assistantAPIInitialized: boolean;
  /**
   * Web search is available.
   */
  hasSerperApiKey: boolean;
}
