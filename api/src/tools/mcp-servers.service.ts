import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../config';
import { loadMcpServers, McpConnections, type McpServerConfig } from './mcp';

/**
 * The deployment's MCP servers (MCP_SERVERS_FILE), connected in the background once the app has booted: a server
 * that fails never blocks boot or other agents, and reconnects with backoff.
 */
@Injectable()
export class McpServers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Tools');
  readonly servers: McpServerConfig[];
  readonly connections: McpConnections;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { servers, problems } = loadMcpServers(config.tools.mcpServersFile, process.env, {
      required: config.tools.mcpServersFileRequired,
    });
    for (const problem of problems) this.logger.warn(problem);
    this.servers = servers;
    this.connections = new McpConnections(servers, {
      logger: { log: (m) => this.logger.log(m), warn: (m) => this.logger.warn(m) },
    });
  }

  onApplicationBootstrap(): void {
    if (this.servers.length)
      this.logger.log(`Connecting to MCP servers: ${this.servers.map((s) => s.name).join(', ')}`);
    this.connections.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connections.close();
  }

  has(name: string): boolean {
    return this.servers.some((server) => server.name === name);
  }
}
