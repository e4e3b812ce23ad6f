import { Controller, Get } from '@nestjs/common';
import type { ToolsResponse } from '@mb/contracts/types/wire/tools-response';
import { Answers } from '../common/route-docs';
import { ToolCatalog } from './tool-catalog.service';

@Controller('tools')
export class ToolsController {
  constructor(private readonly catalog: ToolCatalog) {}

  @Get()
  @Answers({
    summary: "The built-in tools and the deployment's MCP servers, each with its health and tools",
    description:
      'A server is connecting, connected, failed (with its last error) or reconnecting (with when it tries next). ' +
      'An agent whose file names a tool of a server that is not connected answers without it.',
    json: 'wire/tools-response',
  })
  list(): ToolsResponse {
    return this.catalog.status();
  }
}
