import { Inject, Injectable } from '@nestjs/common';
import type { AgentDefinition, ToolPolicy } from '@mb/contracts/types/agent';
import type { ToolsResponse } from '@mb/contracts/types/wire/tools-response';
import { Clock } from '../common/clock';
import { type AppConfig, APP_CONFIG } from '../config';
import { WebSearch } from '../search';
import { calculatorTool } from './builtins/calculator';
import { currentTimeTool } from './builtins/current-time';
import { fetchPageTool } from './builtins/fetch-page';
import { type MemoryFacts, memoryTools } from './builtins/memory';
import { webSearchTool } from './builtins/web-search';
import { functionName } from './function-names';
import { McpServers } from './mcp-servers.service';
import { type BuiltinToolName, grantedName, toolGrantsOf } from './tool-grants';
import type { ToolDefinition } from './tool-definition';

/** A tool an agent's reply may call: the function name the model sees, the agent file's name for it, its policy. */
export interface GrantedTool {
  functionName: string;
  grant: string;
  policy: ToolPolicy;
  definition: ToolDefinition;
}

/** What one turn lends its tools: the memory the remember and forget tools act on (agents with `memory` only). */
export interface TurnScope {
  memory?: MemoryFacts;
}

/** What an agent's tools are right now: those offered, and why any it names are not. */
export interface AgentToolset {
  tools: GrantedTool[];
  unavailable: string[];
}

/**
 * The plugin registry: the built-in tools and the MCP servers' tools, and which of them an agent's file grants.
 * Built-ins that need a key (web_search) are offered only with it; an MCP server that is down is left out and said.
 */
@Injectable()
export class ToolCatalog {
  private readonly builtins: Record<BuiltinToolName, ToolDefinition | string>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    search: WebSearch,
    private readonly mcp: McpServers,
    clock: Clock,
  ) {
    this.builtins = {
      calculator: calculatorTool,
      current_time: currentTimeTool(() => clock.now()),
      fetch_page: fetchPageTool({ allowHosts: config.tools.fetchAllowHosts }),
      web_search: search.available
        ? webSearchTool(search)
        : 'Web search is not configured on this server (no SERPER_API_KEY).',
    };
  }

  /** The tools an agent's reply may call: its grants, and remember and forget when it has memory and the turn lends it. */
  forAgent(agent: AgentDefinition, turn: TurnScope = {}): AgentToolset {
    const { grants } = toolGrantsOf(agent);
    const taken = new Set<string>();
    const tools: GrantedTool[] = [];
    const unavailable: string[] = [];
    const offer = (grant: string, preferred: string, policy: ToolPolicy, definition: ToolDefinition) => {
      if (tools.some((tool) => tool.grant === grant)) return;
      tools.push({ functionName: functionName(grant, preferred, taken), grant, policy, definition });
    };
    for (const grant of grants) {
      if (grant.kind === 'builtin') {
        const builtin = this.builtins[grant.name];
        if (typeof builtin === 'string') unavailable.push(builtin);
        else offer(grant.name, grant.name, grant.policy, builtin);
        continue;
      }
      const listed = this.mcp.connections.tools(grant.server);
      if (!listed) {
        const status = this.mcp.connections.status().find((server) => server.name === grant.server);
        unavailable.push(
          status
            ? `The ${grant.server} tools are unavailable right now${status.lastError ? ` (${status.lastError})` : ''}.`
            : `No MCP server is named ${grant.server} on this server.`,
        );
        continue;
      }
      const chosen = grant.tool === undefined ? listed : listed.filter((tool) => tool.name === grant.tool);
      if (!chosen.length) unavailable.push(`The ${grant.server} server has no tool named ${grant.tool}.`);
      for (const tool of chosen)
        offer(grantedName(grant, tool.name), `${grant.server}__${tool.name}`, grant.policy, {
          name: tool.name,
          description: tool.description ?? `${tool.name} (from the ${grant.server} MCP server)`,
          parameters: tool.inputSchema,
          run: async (args, signal) => {
            const result = await this.mcp.connections.call(
              grant.server,
              tool.name,
              (args ?? {}) as Record<string, unknown>,
              {
                signal,
                timeoutMs: 10 * 60_000,
              },
            );
            if (result.isError) throw new Error(result.text || 'The tool reported an error.');
            return result.text;
          },
        });
    }
    if (agent.memory && turn.memory) {
      const policy = typeof agent.memory === 'object' ? (agent.memory.tools ?? 'auto') : 'auto';
      for (const [name, definition] of Object.entries(memoryTools(turn.memory))) offer(name, name, policy, definition);
    }
    return { tools, unavailable };
  }

  /** GET /api/tools: every built-in and MCP server with its health and tools. */
  status(): ToolsResponse {
    return {
      builtins: Object.entries(this.builtins).map(([name, tool]) =>
        typeof tool === 'string'
          ? { name, available: false, reason: tool }
          : { name, description: tool.description, available: true },
      ),
      servers: this.mcp.connections.status(),
    };
  }
}
