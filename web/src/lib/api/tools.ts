import type { BuiltinToolState, McpServerState, ToolsResponse } from '@mb/contracts/types/wire/tools-response';

export type { BuiltinToolState, McpServerState, ToolsResponse };

/** GET /api/tools: named here until the route joins API_ROUTES in @mb/contracts (then: apiPath('tools')). */
export const toolsPath = '/api/tools';

/** Query key: the default query function GETs the first element. */
export const toolsKey = [toolsPath] as const;
