/* eslint-disable */
/**
 * Generated from schemas/wire/persona-changes.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentDomain, AgentResponseGuideline, GuidelinePriority } from '../agent-config.js';

/**
 * Answer of GET /api/chat/sessions/{id}/persona/changes: how the chat's persona differs from the agent file's. Domains are matched by title, guidelines by content; order is not a change.
 */
export interface PersonaChanges {
  /**
   * The chat uses the agent file's persona: nothing differs.
   */
  isDefault: boolean;
  /**
   * One line, e.g. "2 guidelines added, role changed", or "no changes".
   */
  summary: string;
  /**
   * The role description, word by word.
   */
  role: {
    /**
     * The chat's role description differs from the agent's.
     */
    changed: boolean;
    /**
     * The role description as runs of words kept, added (only in the chat's) and removed (only in the agent's).
     */
    parts: TextPart[];
  };
  /**
   * Domains by title.
   */
  domains: {
    /**
     * Only in the chat's persona.
     */
    added: AgentDomain[];
    /**
     * Only in the agent's persona.
     */
    removed: AgentDomain[];
    /**
     * In both, with another description.
     */
    changed: DomainChange[];
  };
  /**
   * Response guidelines by content.
   */
  guidelines: {
    /**
     * Only in the chat's persona.
     */
    added: AgentResponseGuideline[];
    /**
     * Only in the agent's persona.
     */
    removed: AgentResponseGuideline[];
    /**
     * In both, with another priority.
     */
    changed: GuidelineChange[];
  };
}
/**
 * A run of text kept, added or removed.
 *
 * This interface was referenced by `PersonaChanges`'s JSON-Schema
 * via the `definition` "textPart".
 */
export interface TextPart {
  /**
   * What happened to the run.
   */
  type: 'same' | 'added' | 'removed';
  /**
   * The run, spaces included.
   */
  text: string;
}
/**
 * A domain in both personas whose description differs.
 *
 * This interface was referenced by `PersonaChanges`'s JSON-Schema
 * via the `definition` "domainChange".
 */
export interface DomainChange {
  /**
   * The domain's title (the same in both).
   */
  title: string;
  /**
   * The description, word by word.
   */
  description: TextPart[];
}
/**
 * A guideline in both personas whose priority differs.
 *
 * This interface was referenced by `PersonaChanges`'s JSON-Schema
 * via the `definition` "guidelineChange".
 */
export interface GuidelineChange {
  /**
   * The guideline (the same in both).
   */
  content: string;
  /**
   * Its priority in the agent's persona.
   */
  from: GuidelinePriority;
  /**
   * Its priority in the chat's persona.
   */
  to: GuidelinePriority;
}
