/**
 * The chats a viewer may see, as SQL: the one rule every list, search and sum of chats adds to its WHERE. A viewer
 * sees its own chats, chats shared with the circle, and chats from before people (no owner), of the agents it may
 * use. `owner` null (the circle, no people configured) sees every chat.
 */
export interface ChatScope {
  /** ownerOf(viewer): a person's id, 'guest', or null for the circle. */
  owner: string | null;
  /** Agents whose audience leaves the viewer out: their chats are not the viewer's to see. */
  hiddenAgents: string[];
}

/** The scope of the circle, and of work done for no one (background jobs): every chat. */
export const EVERY_CHAT: ChatScope = Object.freeze({ owner: null, hiddenAgents: [] });

/**
 * The condition on the chat row `alias` (chat_sessions), with the scope's two values as the parameters the caller
 * names (`$2`, `:owner`): `owner` a text, `hiddenAgents` a text array.
 */
export const chatVisible = (alias: string, owner: string, hiddenAgents: string) =>
  `((${owner})::text IS NULL OR ${alias}.owner IS NULL OR ${alias}.shared OR ${alias}.owner = (${owner})::text)` +
  ` AND NOT (${alias}.agent_type = ANY((${hiddenAgents})::text[]))`;
