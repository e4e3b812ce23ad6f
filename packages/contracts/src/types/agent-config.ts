/* eslint-disable */
/**
 * Generated from schemas/agent-config.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * How strictly the rule applies: an integer from 1 (highest) to 10 (lowest), or a level from "critical" (highest) to "low".
 *
 * This interface was referenced by `AgentConfig`'s JSON-Schema
 * via the `definition` "priority".
 */
export type GuidelinePriority = number | ('critical' | 'high' | 'medium' | 'low');

/**
 * An agent's persona: who the model is, what it knows and how it answers. It is the `persona` of every agent definition, and it is also user input: in a reconfigurable agent a user may paste one JSON object of exactly this shape into the chat to replace the persona, so every string and list is capped.
 */
export interface AgentConfig {
  /**
   * Who the assistant is and whom it serves, in the second person ("You are ..."). Opens the system prompt.
   */
  role_description: string;
  /**
   * The areas of expertise the assistant covers, in the order the system prompt lists them.
   *
   * @maxItems 20
   */
  domains: AgentDomain[];
  /**
   * Rules for how the assistant answers, each with a priority.
   *
   * @maxItems 20
   */
  response_guidelines: AgentResponseGuideline[];
}
/**
 * One area of expertise.
 *
 * This interface was referenced by `AgentConfig`'s JSON-Schema
 * via the `definition` "domain".
 */
export interface AgentDomain {
  /**
   * Short name of the area, e.g. "Crawlspace encapsulation".
   */
  title: string;
  /**
   * What the assistant knows and does in this area.
   */
  description: string;
}
/**
 * One rule for how the assistant answers.
 *
 * This interface was referenced by `AgentConfig`'s JSON-Schema
 * via the `definition` "responseGuideline".
 */
export interface AgentResponseGuideline {
  /**
   * How strictly this rule applies.
   */
  priority: GuidelinePriority;
  /**
   * The rule itself, as an instruction to the model.
   */
  content: string;
}
