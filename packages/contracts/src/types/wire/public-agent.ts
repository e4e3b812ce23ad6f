/* eslint-disable */
/**
 * Generated from schemas/wire/public-agent.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentAccess, AgentDisplay } from '../agent.js';

/**
 * Browser paths that open this agent's chat page. The first is canonical (hub cards link to it); the rest are aliases showing the same page.
 *
 * @minItems 1
 * @maxItems 10
 *
 * Items: One path: a slash and a lower-case slug, e.g. "/owner-builder". The site's own paths (/api, /assets, /mb, /about, /ctzn) are refused.
 */
export type Routes = string[];

/**
 * One item of GET /api/agents (public): what a browser may know of an agent before access, enough to route to its page, show its menu entry and hub card, and ask for the access code. No persona.
 */
export interface PublicAgent {
  /**
   * Unique agent id. Must equal the file name without .json (checked by the loader). Stored as the agent of each chat session and used in API paths.
   */
  id: string;
  routes: Routes;
  display: AgentDisplay;
  access: AgentAccess;
  /**
   * Present (true) once people are configured, for an agent whose `audience` does not include the viewer, or any agent with an audience before access: listed only so that its page can ask for a code or say it is meant for someone else. Its display carries no description and no hub card.
   */
  restricted?: boolean;
}
