// Workflows as MCP tools (the map's `tools/list` and `tools/call` rows, interop.md §The operation
// mappings): the listing, the argument check made before any run exists, and the projection of a
// terminal run to a CallToolResult (completed ⇒ isError false; failed and cancelled ⇒ isError true).
import { isTerminalRunStatus, type RunStatus } from '@wopgen/generated/run-status';
import type { Subject } from '../../ports/auth.ts';
import type { RunCore, RunSnapshot } from '../../ports/run-core.ts';
import type { WorkflowView } from '../../ports/workflows.ts';
import { checkAgainst } from '../../util/json-schema.ts';
import { INVALID_PARAMS, McpError } from './jsonrpc.ts';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** ext-tasks: present when the workflow declares how it may run as a task. */
  execution?: { taskSupport: 'forbidden' | 'optional' | 'required' };
}

/** Terminal by the generated projection (interop-map a2a.taskState), one definition for all. */
export const isTerminal: (status: RunStatus) => boolean = isTerminalRunStatus;

/** Every workflow the core serves the caller, sorted by name: identical for each of its connections. */
export function listTools(workflows: readonly WorkflowView[]): McpTool[] {
  return workflows
    .map((w) => ({
      name: w.id,
      description: w.description,
      inputSchema: w.inputSchema,
      ...(w.taskSupport ? { execution: { taskSupport: w.taskSupport } } : {}),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The workflow behind a tool name, or -32602 (upstream's answer for an unknown tool). */
export async function toolWorkflow(
  core: RunCore,
  subject: Subject,
  name: string,
): Promise<WorkflowView> {
  const w = await core.getWorkflow(subject, name);
  if (!w) throw new McpError(INVALID_PARAMS, `Tool ${name} not found`, { name });
  return w;
}

/** `arguments` checked against the tool's inputSchema before any run exists (else -32602). */
export function checkArguments(
  workflow: WorkflowView,
  args: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const value = args ?? {};
  const issues = checkAgainst(workflow.inputSchema, value);
  if (issues.length > 0) {
    throw new McpError(INVALID_PARAMS, `Invalid arguments for tool ${workflow.id}`, { issues });
  }
  return value;
}

/** An MCP content block (text, image, audio, resource, resource_link). */
export type ContentBlock = { type: string } & Record<string, unknown>;

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/**
 * A workflow whose output carries a `content` array of MCP content blocks answers with those
 * blocks as they are (images, audio, embedded resources); any other output becomes one text block.
 */
function contentBlocks(outputs: Record<string, unknown>): ContentBlock[] | undefined {
  const c = outputs['content'];
  if (!Array.isArray(c) || c.length === 0) return undefined;
  const ok = c.every(
    (b) =>
      typeof b === 'object' &&
      b !== null &&
      CONTENT_TYPES.has(String((b as { type?: unknown }).type)),
  );
  return ok ? (c as ContentBlock[]) : undefined;
}

export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  resultType: 'complete';
}

/** A terminal run as the CallToolResult the map's `tools/call` row states. */
export function callToolResult(run: RunSnapshot): CallToolResult {
  if (run.status === 'completed') {
    const outputs = (run.outputs ?? {}) as Record<string, unknown>;
    const blocks = contentBlocks(outputs);
    if (blocks) return { content: blocks, isError: false, resultType: 'complete' };
    const text =
      typeof outputs.text === 'string' && Object.keys(outputs).length === 1
        ? outputs.text
        : JSON.stringify(outputs);
    return {
      content: [{ type: 'text', text }],
      structuredContent: outputs,
      isError: false,
      resultType: 'complete',
    };
  }
  const text =
    run.status === 'failed'
      ? `${run.error?.code ?? 'failed'}: ${run.error?.message ?? 'the run failed'}`
      : 'the run was cancelled';
  return { content: [{ type: 'text', text }], isError: true, resultType: 'complete' };
}

/** A tool error for a run this client cannot complete (mrtr row: no servable input mode). */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true, resultType: 'complete' };
}
