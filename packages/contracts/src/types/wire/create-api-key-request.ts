/* eslint-disable */
/**
 * Generated from schemas/wire/create-api-key-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/keys: a new key for the OpenAI-compatible API.
 */
export interface CreateApiKeyRequest {
  /**
   * What the key is for ("Home Assistant", "my editor"); the chats it makes are marked with it.
   */
  name: string;
  /**
   * The agents it may use, by id; absent or null: every agent its owner may use, now and later.
   *
   * @minItems 1
   * @maxItems 200
   */
  agents?: string[] | null;
  /**
   * Days until it stops working; absent or null: it never expires.
   */
  expiresInDays?: number | null;
  /**
   * Let tools granted with the policy confirm run through this key without asking (default false: denied, and the model told).
   */
  allowConfirmTools?: boolean;
  /**
   * A limit below API_KEY_RPM for this key; absent or null: API_KEY_RPM.
   */
  requestsPerMinute?: number | null;
}
