/* eslint-disable */
/**
 * Generated from schemas/wire/usage-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * Answer of GET /api/usage: the tokens replies used between two UTC days (both included), per day and agent and per agent. Only replies saved with their usage count.
 */
export interface UsageResponse {
  /**
   * First UTC day counted (YYYY-MM-DD).
   */
  from: string;
  /**
   * Last UTC day counted (YYYY-MM-DD), included.
   */
  to: string;
  /**
   * One entry per UTC day and agent that had replies, by date then agent; days without replies are left out.
   */
  days: DayUsage[];
  /**
   * One entry per agent that had replies in the range, by agent id.
   */
  agents: AgentUsage[];
}
/**
 * An agent's replies on one UTC day.
 *
 * This interface was referenced by `UsageResponse`'s JSON-Schema
 * via the `definition` "dayUsage".
 */
export interface DayUsage {
  /**
   * The UTC day (YYYY-MM-DD).
   */
  date: string;
  /**
   * Id of the agent the chats belong to.
   */
  agentType: string;
  /**
   * Tokens sent to the model.
   */
  promptTokens: number;
  /**
   * Tokens of the replies.
   */
  completionTokens: number;
  /**
   * Replies counted.
   */
  replies: number;
}
/**
 * An agent's replies over the whole range.
 *
 * This interface was referenced by `UsageResponse`'s JSON-Schema
 * via the `definition` "agentUsage".
 */
export interface AgentUsage {
  /**
   * Id of the agent the chats belong to.
   */
  agentType: string;
  /**
   * Tokens sent to the model.
   */
  promptTokens: number;
  /**
   * Tokens of the replies.
   */
  completionTokens: number;
  /**
   * Replies counted.
   */
  replies: number;
  /**
   * What the replies cost in US dollars at list prices for the models that answered (a table in the server, api/src/usage/model-prices.ts). Null when any reply in the range was answered by a model without a known price (or has no recorded model): a partial sum would understate the cost.
   */
  estimatedCostUsd: number | null;
}
