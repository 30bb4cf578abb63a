// SEP-2243 custom headers (MCP 2026-07-28 Streamable HTTP): a tool input property annotated
// `x-mcp-header: Name` is mirrored by the client into `Mcp-Param-Name`. The server checks the
// header against the body like Mcp-Name (HeaderMismatchError -32020, HTTP 400, before version
// selection): present exactly when the argument is non-null, equal once decoded; a value in the
// `=?base64?…?=` form must be valid Base64, anything else is literal.
import type { IncomingHttpHeaders } from 'node:http';
import type { Subject } from '../../ports/auth.ts';
import type { RunCore } from '../../ports/run-core.ts';
import type { WorkflowView } from '../../ports/workflows.ts';
import { decodeHeaderValue, headerMismatch } from './envelope.ts';
import { isRecord, type JsonRpcRequest } from './jsonrpc.ts';

const X_MCP_HEADER = 'x-mcp-header';
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** `[argument name, header suffix]` for each top-level annotated property of a tool. */
export function headerParams(inputSchema: Record<string, unknown>): [string, string][] {
  const props = inputSchema['properties'];
  if (!isRecord(props)) return [];
  const out: [string, string][] = [];
  for (const [arg, schema] of Object.entries(props)) {
    const suffix = isRecord(schema) ? schema[X_MCP_HEADER] : undefined;
    if (typeof suffix === 'string' && TOKEN.test(suffix)) out.push([arg, suffix]);
  }
  return out;
}

/** The tool a `tools/call` names, as `subject` may see it; undefined for any other request. */
export async function calledTool(
  core: RunCore,
  subject: Subject,
  msg: JsonRpcRequest,
): Promise<WorkflowView | undefined> {
  if (msg.method !== 'tools/call') return undefined;
  const name = msg.params?.['name'];
  return typeof name === 'string' ? core.getWorkflow(subject, name) : undefined;
}

export function checkParamHeaders(
  msg: JsonRpcRequest,
  headers: IncomingHttpHeaders,
  workflow: WorkflowView | undefined,
): void {
  if (msg.method !== 'tools/call') return;
  if (!workflow) return; // an unknown tool is answered by tools/call itself (-32602)
  const args = isRecord(msg.params?.['arguments']) ? msg.params['arguments'] : {};
  for (const [arg, suffix] of headerParams(workflow.inputSchema)) {
    const field = `Mcp-Param-${suffix}`;
    const raw = headers[field.toLowerCase()];
    const value = Array.isArray(raw) ? raw.join(',') : raw?.trim();
    const body = args[arg];
    if (body === undefined || body === null) {
      if (value !== undefined) throw headerMismatch(field, value, body);
      continue;
    }
    const expected = typeof body === 'string' ? body : JSON.stringify(body);
    const decoded = value === undefined ? undefined : decodeHeaderValue(value);
    if (decoded === undefined || decoded !== expected) throw headerMismatch(field, value, body);
  }
}
