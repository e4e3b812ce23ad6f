import { apiPath } from '@mb/contracts/api-paths';
import type { BuiltinToolState, McpServerState, ToolsResponse } from '@mb/contracts/types/wire/tools-response';

export type { BuiltinToolState, McpServerState, ToolsResponse };

/** GET /api/tools. */
export const toolsPath = apiPath('tools');

/** Query key: the default query function GETs the first element. */
export const toolsKey = [toolsPath] as const;
