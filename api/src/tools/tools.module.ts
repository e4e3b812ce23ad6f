import { Module } from '@nestjs/common';
import { SearchModule } from '../search';
import { McpServers } from './mcp-servers.service';
import { ToolCatalog } from './tool-catalog.service';
import { ToolsController } from './tools.controller';

@Module({
  imports: [SearchModule],
  controllers: [ToolsController],
  providers: [McpServers, ToolCatalog],
  exports: [ToolCatalog, McpServers],
})
export class ToolsModule {}
