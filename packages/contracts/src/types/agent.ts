/* eslint-disable */
/**
 * Generated from schemas/agent.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentConfig } from './agent-config.js';

/**
 * What a visitor without access sees. Every agent needs the shared access code; this only chooses how the page asks for it.
 */
export type AgentAccess = {
  denied: AccessDeniedBehaviour;
  /**
   * Shown while access is being checked, e.g. "Checking authorization...". Absent: the page shows `display.loadingText`.
   */
  checkingText?: string;
  alert?: AgentAccessAlert;
  passcode?: AgentPasscodeForm;
  /**
   * Also keep the mbAccess=granted browser flag in localStorage (surviving the tab), not only in sessionStorage. The flag is a display hint; the server cookie decides.
   */
  persistFlag: boolean;
};
/**
 * "redirect": toast 'Access Required' and go to /mb. "alert": stay and show the `alert` box. "passcode": show the `passcode` form on the page itself.
 */
export type AccessDeniedBehaviour = 'redirect' | 'alert' | 'passcode';
export type AttachmentKind = 'image' | 'document';
/**
 * "notice": a red system notice in the conversation (titled for known errors such as a missing key, network or rate limit; otherwise the message). "apology": an assistant message with `text`. "toast": an 'Error' toast with `text` as its description.
 */
export type ErrorStyle = 'notice' | 'apology' | 'toast';
/**
 * What the agent's model may call, as functions, while it answers. Built-ins by name: "web_search" (Serper; offered only when SERPER_API_KEY is set), "fetch_page" (a public web page as text), "calculator", "current_time". MCP tools of the deployment's servers (MCP_SERVERS_FILE): "mcp:<server>" (all of its tools) or "mcp:<server>/<tool>". A string grants with the policy "auto". A pasted configuration never adds tools.
 *
 * @maxItems 32
 */
export type AgentTools = ToolGrant[];
/**
 * Files the agent knows, beside its persona: paths relative to AGENTS_DIR (the folder of agent files), each a file or a folder (every file in it and its subfolders except hidden ones, whose names start with a dot), e.g. "knowledge/doctor/". Kinds read: PDF, DOCX, text, Markdown, CSV, JSON, read as attachments are. The server indexes them when the agent loads and again when a file changes (an unchanged file is not read twice), and a turn waits for files being read. The model gets them whole, in order and labelled by file and page or section, when they fit the knowledge share of its window (half of what one message may take); otherwise the passages most relevant to the question and the recent conversation, with their neighbours, in document order; a table (CSV, a spreadsheet-like PDF) cut to some of its rows is always said to be cut. A file that cannot be read is named by `npm run agents:check`, in the server's log and on the agent's page, and the agent answers without it. Absolute paths, paths leaving AGENTS_DIR and symbolic links pointing out of it are refused.
 *
 * @maxItems 50
 */
export type AgentKnowledge = string[];
/**
 * Memory across chats: the model gets the built-in tools remember (keep a short fact) and forget (drop one), and the facts it holds are given to it in later chats within a token budget. Facts belong to the agent and, when people are configured, to the person who chats; the agent's page lists, edits and deletes them. true: the default limits and policy. Absent or false: no memory.
 */
export type AgentMemory = boolean | AgentMemorySettings;
/**
 * A reply strategy. "completions": chat completions over the whole conversation. "assistant": chat completions over the persona and the last `history` messages. "search-first": a web-search enhanced answer, applicable only when `search` matches and the server has a search key.
 *
 * This interface was referenced by `AgentDefinition`'s JSON-Schema
 * via the `definition` "strategyName".
 */
export type RoutingStrategyName = 'completions' | 'assistant' | 'search-first';
export type EvalCitation =
  | string
  | {
      file: string;
      /**
       * A page of a PDF the sources must include.
       */
      page?: number;
    };
/**
 * A built-in (web_search, fetch_page, calculator, current_time), "mcp:<server>" or "mcp:<server>/<tool>".
 *
 * This interface was referenced by `AgentDefinition`'s JSON-Schema
 * via the `definition` "toolName".
 */
export type ToolName = string;
/**
 * A tool the model may call: its name (policy "auto"), or the name with a policy.
 *
 * This interface was referenced by `AgentDefinition`'s JSON-Schema
 * via the `definition` "toolGrant".
 */
export type ToolGrant = ToolName | ToolGrantWithPolicy;
/**
 * "auto": the call runs at once. "confirm": the chat shows the call with 'Allow' and 'Deny' and waits; a denial is told to the model.
 */
export type ToolPolicy = 'auto' | 'confirm';

/**
 * One chat assistant (agent), declared in agents/<id>.json. Every difference between agents lives in these fields: the server and the one generic chat page read them and hold no per-agent code. Kept apart: what the page shows (display, input, errors, keyForm), who may see it (access), how a conversation goes (conversation), what the model is told (persona, model) and how a turn is answered (routing).
 */
export interface AgentDefinition {
  /**
   * Editor hint only, ignored at run time. Agent files set it to "../schemas/agent.schema.json".
   */
  $schema?: string;
  /**
   * Unique agent id. Must equal the file name without .json (checked by the loader). Stored as the agent of each chat session and used in API paths.
   */
  id: string;
  /**
   * Browser paths that open this agent's chat page. The first is canonical (hub cards link to it); the rest are aliases showing the same page.
   *
   * @minItems 1
   * @maxItems 10
   *
   * Items: One path: a slash and a lower-case slug, e.g. "/owner-builder". The site's own paths (/api, /assets, /mb, /about, /ctzn) are refused.
   */
  routes: string[];
  display: AgentDisplay;
  /**
   * Who may use this agent once people are configured (PEOPLE_FILE): the ids of the people it is for, e.g. ["anna"]. Absent: everyone. Others do not see its hub card, cannot open its page or chats, and are refused when they call it; the shared code's guests are in no audience. A configuration pasted into a chat cannot change it. Without people it has no effect.
   *
   * @minItems 1
   * @maxItems 200
   */
  audience?: string[];
  access: AgentAccess;
  conversation: AgentConversation;
  /**
   * What the model is told: turned into the system prompt of every turn. In a reconfigurable agent a pasted configuration replaces it for that chat.
   */
  persona: AgentConfig;
  model: AgentModel;
  routing: AgentRouting;
  input: AgentInput;
  errors: AgentErrors;
  keyForm?: AgentKeyForm;
  /**
   * Behaviour checks of the persona, run by `npm run agents:eval` against any OpenAI-compatible server; the server never reads them. Each case sends the persona's system prompt and its conversation with this agent's model settings, then checks the reply. Absent: the agent has no evals.
   *
   * @maxItems 50
   */
  evals?: AgentEvalCase[];
  tools?: AgentTools;
  /**
   * Model calls that may ask for tools in one reply before it must answer. Absent: 8. A call that repeats an identical one also ends the tool use.
   */
  maxToolSteps?: number;
  knowledge?: AgentKnowledge;
  memory?: AgentMemory;
}
/**
 * Names and texts the page shows around the chat.
 */
export interface AgentDisplay {
  /**
   * Chat panel title bar, e.g. "Moisture Control Agent".
   */
  title: string;
  /**
   * Page header above the chat, in lower case, e.g. "moisture control".
   */
  header: string;
  /**
   * Short name: hub card title and page title, e.g. "Moisture Control".
   */
  name: string;
  /**
   * One line under the name on the hub card.
   */
  description?: string;
  /**
   * Shown with a spinner while the page loads the server settings, e.g. "Connecting to AI service...".
   */
  loadingText: string;
  copyToast?: AgentCopyToast;
  menu?: AgentMenuLink;
  hub?: AgentHubCard;
}
/**
 * The toast after an assistant message is copied. Absent: 'Content Copied' / 'Message content copied to clipboard.'.
 */
export interface AgentCopyToast {
  /**
   * Toast title, e.g. "Copied!".
   */
  title: string;
  /**
   * Toast text, e.g. "Message copied to clipboard".
   */
  description: string;
}
/**
 * Present: the site's side menu links to this agent's first route, before the site's own links (MB, About, CTZN). Absent: no menu link.
 */
export interface AgentMenuLink {
  /**
   * Link text in the side menu, e.g. "MB Health".
   */
  label: string;
  /**
   * Position among the agents' menu links, ascending from 0.
   */
  order: number;
}
/**
 * Present: the agent has a card on the /mb hub. Absent: reachable only by its routes.
 */
export interface AgentHubCard {
  /**
   * Position of the card on the hub, ascending from 0.
   */
  order: number;
}
/**
 * The restriction alert shown in place of the chat. Required when `denied` is "alert".
 */
export interface AgentAccessAlert {
  /**
   * Alert title, e.g. "Access Restricted".
   */
  title: string;
  /**
   * Alert body.
   */
  text: string;
}
/**
 * The access-code form shown on the page itself. Required when `denied` is "passcode".
 */
export interface AgentPasscodeForm {
  /**
   * Form heading, e.g. "MB Health".
   */
  title: string;
  /**
   * Line under the heading.
   */
  subtitle: string;
  /**
   * Placeholder of the password field.
   */
  placeholder: string;
  /**
   * Submit button label.
   */
  button: string;
  /**
   * Submit button label while the code is being verified.
   */
  busyButton: string;
  /**
   * Description of the 'Access Granted' toast after a correct code.
   */
  welcome: string;
}
/**
 * How a conversation starts, is saved and may change.
 */
export interface AgentConversation {
  /**
   * First assistant message of a new chat. A template: {name} is replaced by `audience.name`, which is then required.
   */
  greeting: string;
  audience?: AgentAudience;
  session: AgentSessionPolicy;
  /**
   * True: a message that is a JSON object valid against agent-config.schema.json replaces this chat's persona (toast 'Configuration Updated') instead of being sent to the model.
   */
  reconfigurable: boolean;
  /**
   * Assistant message confirming a reconfiguration. Only used when `reconfigurable` is true.
   */
  reconfiguredGreeting?: string;
  /**
   * Assistant message shown when the model returns an empty reply. Absent: an empty reply is treated as an error (see `errors`).
   */
  emptyReply?: string;
}
/**
 * The one person this agent is for.
 */
export interface AgentAudience {
  /**
   * First name; fills {name} in the greeting.
   */
  name: string;
}
/**
 * When chat sessions are created and how they are titled.
 */
export interface AgentSessionPolicy {
  /**
   * "first-message": a session is created lazily when the first message is sent. "new-chat-or-first-message": also as soon as New Chat is pressed.
   */
  createOn: 'first-message' | 'new-chat-or-first-message';
  /**
   * A new session's title is the first message cut to this many characters, plus an ellipsis when longer.
   */
  titleMaxLength: number;
}
/**
 * Model call parameters.
 */
export interface AgentModel {
  /**
   * Model name, e.g. "gpt-4o". Absent: the server's configured default.
   */
  name?: string;
  /**
   * Tokens the model can read in one call (its context window). Absent: OPENAI_CONTEXT_WINDOW, else the server's table of known models. Every call is fitted to it: the persona, the chat's summary as memory, the newest messages that fit, and room for maxTokens.
   */
  contextWindow?: number;
  /**
   * Sampling temperature.
   */
  temperature: number;
  /**
   * Upper bound on the tokens of one reply (max_tokens).
   */
  maxTokens: number;
  /**
   * Whether the model sees images: photos are offered only then. Absent: the server's table of known models, else OPENAI_VISION for the default model, else false.
   */
  vision?: boolean;
}
/**
 * How a turn is answered: a strategy, then its fallbacks in order.
 */
export interface AgentRouting {
  /**
   * The first strategy tried for every turn.
   */
  strategy: RoutingStrategyName;
  /**
   * Send only the last N messages of the conversation (plus the system prompt). Absent: the whole conversation.
   */
  history?: number;
  search?: AgentSearchTrigger;
  /**
   * Strategies tried in order when the previous one fails or does not apply (e.g. no search key, no keyword). Empty: errors go straight to the user.
   *
   * @maxItems 3
   */
  fallback: RoutingStrategyName[];
  /**
   * True: this agent answers POST /api/assistant/chat calls that name neither an assistantType nor a session (the spec's default assistant). When several agents set it, the first by id is used.
   */
  assistantDefault?: boolean;
}
/**
 * When the "search-first" strategy applies: the message must contain one of the keywords and the server must have a search key. Required when `strategy` is "search-first".
 */
export interface AgentSearchTrigger {
  /**
   * Words that trigger a web search when found anywhere in the user's message.
   *
   * @minItems 1
   * @maxItems 50
   *
   * Items: One keyword, matched as a substring.
   */
  keywords: string[];
  /**
   * "case-sensitive": the message must contain the keyword as written. "lower-case": the lower-cased message must contain the keyword (so keywords are written in lower case).
   */
  match: 'case-sensitive' | 'lower-case';
}
/**
 * The message composer.
 */
export interface AgentInput {
  /**
   * "enter": Enter sends and Shift+Enter inserts a line break. "shift-enter": Shift+Enter sends and Enter inserts a line break.
   */
  send: 'enter' | 'shift-enter';
  /**
   * Placeholder of the text area.
   */
  placeholder: string;
  /**
   * Hint under the text area, e.g. "Press Enter to send, Shift+Enter for new line". Absent: no hint.
   */
  hint?: string;
  /**
   * Replaces the hint while a reply is awaited, e.g. "Processing...".
   */
  busyHint?: string;
  /**
   * Visible rows of the text area. Absent: one row that grows.
   */
  rows?: number;
  /**
   * Minimum height of the text area, in CSS pixels.
   */
  minHeight: number;
  /**
   * Maximum height the text area grows to before scrolling, in CSS pixels. Absent: no limit.
   */
  maxHeight?: number;
  /**
   * The attach button. "upload": photos and documents are uploaded and read by the model, as `attachments` says. "append-file-name": append a line naming the chosen file to the draft and toast that it was attached (nothing is uploaded). "alert-not-implemented": alert 'File upload is not yet implemented'.
   */
  attach: 'upload' | 'append-file-name' | 'alert-not-implemented';
  attachments?: AgentAttachments;
}
/**
 * What the attach button takes when `attach` is "upload". Absent: photos and documents, 4 files per message, UPLOAD_MAX_BYTES each. Photos are offered only when the model sees images (`model.vision`).
 */
export interface AgentAttachments {
  /**
   * "image": photos (JPEG, PNG, HEIC, WebP, AVIF, GIF), turned upright, stripped of metadata and downscaled to IMAGE_MAX_EDGE. "document": PDF (text layer), DOCX, text, Markdown, CSV, JSON and source files, read as text.
   *
   * @minItems 1
   */
  kinds?: AttachmentKind[];
  /**
   * Files per message. Absent: 4.
   */
  maxFiles?: number;
  /**
   * Largest file, in bytes (never above the server's UPLOAD_MAX_BYTES). Absent: UPLOAD_MAX_BYTES.
   */
  maxFileBytes?: number;
}
/**
 * How a failed turn is reported.
 */
export interface AgentErrors {
  style: ErrorStyle;
  /**
   * The apology message or the toast description. Required when `style` is "apology" or "toast".
   */
  text?: string;
  /**
   * Description of the 'Error' toast when a new chat session cannot be created. Absent: 'Failed to create a new session. Please try again.'.
   */
  createSessionText?: string;
}
/**
 * Agent-specific wording of the OpenAI API key form, shown when the server has no key and none was entered. Absent: the generic form.
 */
export interface AgentKeyForm {
  /**
   * Heading above the form.
   */
  heading?: string;
  /**
   * Text above the form explaining why a key is needed.
   */
  intro?: string;
}
export interface AgentMemorySettings {
  /**
   * Facts kept at most (per person when people are configured). Absent: 100. A fact beyond it is refused with a sentence the model passes on; old facts are never dropped to make room.
   */
  maxFacts?: number;
  /**
   * Characters one fact may have. Absent: 300. A longer fact is refused with a sentence saying so.
   */
  maxFactChars?: number;
  /**
   * The policy of the remember and forget tools: "auto" (absent) runs them at once, "confirm" waits for the user's Allow or Deny in the chat.
   */
  tools?: ToolPolicy;
}
/**
 * One eval case: a conversation and what the persona's reply to it must do. A case whose `expect` has `calls` or `notCalls` is answered as the server answers a chat: with the agent's `tools` (MCP servers from MCP_SERVERS_FILE) through the same tool loop, calls that wait for confirmation allowed; any other case is one model call without tools.
 *
 * This interface was referenced by `AgentDefinition`'s JSON-Schema
 * via the `definition` "evalCase".
 */
export interface AgentEvalCase {
  /**
   * The behaviour the case proves, unique within the agent, e.g. "sends an emergency to the vet first". Names the case in the report.
   */
  name: string;
  /**
   * The messages after the system prompt, oldest first. The last one must be the user's (checked by the loader): the model answers it.
   *
   * @minItems 1
   * @maxItems 20
   */
  conversation: AgentEvalMessage[];
  expect: AgentEvalExpectation;
}
/**
 * One message of an eval conversation.
 *
 * This interface was referenced by `AgentDefinition`'s JSON-Schema
 * via the `definition` "evalMessage".
 */
export interface AgentEvalMessage {
  /**
   * "user": what the person says. "assistant": an earlier reply of the agent, written out to set up the case.
   */
  role: 'user' | 'assistant';
  /**
   * The text of the message.
   */
  content: string;
}
/**
 * What the reply must do; every check given must pass. Text, tool and citation checks run first (text checks ignore letter case); the judge is asked only when they pass. Prefer `judge` for behaviour, `notContains`/`matches` for hard facts, `calls`/`notCalls` for tool use and `cites` for the use of knowledge files.
 *
 * This interface was referenced by `AgentDefinition`'s JSON-Schema
 * via the `definition` "evalExpectation".
 */
export interface AgentEvalExpectation {
  /**
   * Texts that must each appear in the reply (case-insensitive substrings).
   *
   * @minItems 1
   * @maxItems 20
   */
  contains?: string[];
  /**
   * Texts that must not appear anywhere in the reply (case-insensitive substrings).
   *
   * @minItems 1
   * @maxItems 20
   */
  notContains?: string[];
  /**
   * A JavaScript regular expression the reply must match somewhere, tested case-insensitively (flag i), e.g. "\\bSAN\\b|San Diego". The loader refuses one that does not compile.
   */
  matches?: string;
  /**
   * A criterion the reply must meet, graded by a second model call at temperature 0 that answers {"pass": boolean, "reason": string}; e.g. "Tells the owner to contact an emergency vet before giving any home care advice.". Write it so it can be judged from the conversation and the reply alone.
   */
  judge?: string;
  /**
   * Tools the reply must call, each at least once, named as in the agent's `tools`: a built-in ("calculator"), "mcp:<server>/<tool>", or "mcp:<server>" for any tool of that server. A call counts whatever its outcome (a tool that fails was still called). The loader refuses a name the agent's `tools` do not grant.
   *
   * @minItems 1
   * @maxItems 20
   */
  calls?: ToolName[];
  /**
   * Tools the reply must not call, named as in `calls` ("mcp:<server>" forbids every tool of that server).
   *
   * @minItems 1
   * @maxItems 20
   */
  notCalls?: ToolName[];
  /**
   * Knowledge sources the reply must show (the agent's `knowledge`), each a file named by its path under AGENTS_DIR or the end of it ("labs.pdf"), or an object with the file and a page it must cite. The case is answered with the agent's knowledge as the server gives a chat turn, and fails when the reply's sources lack one; an agent without `knowledge` fails it (so removing the knowledge shows whether it is used).
   *
   * @minItems 1
   * @maxItems 20
   */
  cites?: EvalCitation[];
}
export interface ToolGrantWithPolicy {
  use: ToolName;
  policy?: ToolPolicy;
}
