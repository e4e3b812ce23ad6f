import type { AgentDefinition, AgentTools } from '@mb/contracts/types/agent';
import type { ToolCallRecord } from '../lib/api/tool-decisions';
import { agentTakingUploads } from './upload-agents';

/** A call of the calculator, running; override what the test exercises (status, result, error, tool). */
export const toolCall = (overrides: Partial<ToolCallRecord> = {}): ToolCallRecord => ({
  id: 'call-1',
  tool: 'calculator',
  arguments: '{"expression":"6*7"}',
  status: 'running',
  ...overrides,
});

/** An agent whose file grants `tools`, for the tool-health notice and the chat's tool calls. */
export const agentUsingTools = (tools: AgentTools): AgentDefinition => ({
  ...agentTakingUploads(),
  id: 'uses-tools',
  routes: ['/uses-tools'],
  tools,
});
