/* eslint-disable */
/**
 * Generated from schemas/wire/api-key.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * A named key for the OpenAI-compatible API (/v1), as listed: never the key itself, which is shown once when it is made.
 */
export interface ApiKey {
  /**
   * The key's id (DELETE /api/keys/:id revokes it).
   */
  id: string;
  /**
   * What the key is for; the chats it makes are marked with it.
   */
  name: string;
  /**
   * The key's first characters (mb- and a fragment of its id), to tell which key a client holds.
   */
  prefix: string;
  /**
   * The agents it may use (their ids), or null for every agent its owner may use.
   */
  agents: string[] | null;
  /**
   * Whether a tool granted with the policy confirm runs through this key. false: the call is denied and the model told, since no one can confirm it.
   */
  allowConfirmTools: boolean;
  /**
   * Its own limit of requests a minute, below API_KEY_RPM; null: API_KEY_RPM.
   */
  requestsPerMinute: number | null;
  /**
   * When it was made.
   */
  createdAt: string;
  /**
   * When it stops working; null: never.
   */
  expiresAt: string | null;
  /**
   * Its last request to /v1; null: never used.
   */
  lastUsedAt: string | null;
  /**
   * Tokens of every model call its replies made (prompt and completion).
   */
  tokensUsed: number;
  /**
   * When it was revoked (it works no more, on any replica); null: not revoked.
   */
  revokedAt: string | null;
}
