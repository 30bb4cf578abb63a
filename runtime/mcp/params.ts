// Params per MCP method (the generated dispatcher's `params` hook).
import type { McpMethod } from '../../generated/mcp/methods.ts';
import type { Io } from './handlers.ts';

const asIs = (raw: Record<string, unknown>) => raw;

export const mcpParamChecks: {
  readonly [M in McpMethod]: (raw: Record<string, unknown>) => Io[M]['params'];
} = {
  'server/discover': asIs,
  'tools/list': asIs,
  'tools/call': asIs,
  'prompts/get': asIs,
  'resources/read': asIs,
  'prompts/list': asIs,
  'resources/list': asIs,
  'resources/templates/list': asIs,
  'completion/complete': asIs,
  'tasks/get': asIs,
  'tasks/update': asIs,
  'tasks/cancel': asIs,
  'subscriptions/listen': asIs,
};
