// The outbound clients (DESIGN.md §4 "clients"): a typed A2A client for both bindings and a typed
// MCP client for the pinned revision. Their cores are fixed modules written as they are
// (templates/package/client/, type-checked like the project's own code); what is generated binds
// a core to this contract's tables, with one typed member per A2A method and per MCP method.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SpecModel } from '../model/ir.ts';
import { lowerCamel } from '../model/naming.ts';
import { templatesRoot } from '../templates/root.ts';
import { doc, lit, sourceComment } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import { A2A_ERROR_NAME, typeSymbol, valueSymbol } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

/** The fixed modules, by their name under templates/package/client/ and client/ of the package. */
const FIXED = ['support', 'a2a-core', 'mcp-core', 'mcp-stdio'] as const;

const texts = new Map<string, string>();
function fixed(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(join(templatesRoot(), 'package', 'client', `${name}.ts`), 'utf8');
    texts.set(name, text);
  }
  return text;
}

export function emitClients(model: SpecModel): EmittedFile[] {
  const files: EmittedFile[] = FIXED.map((name) => ({
    path: `client/${name}.ts`,
    from: [],
    body: fixed(name),
    parser: 'typescript',
  }));
  if (model.a2a.wire) files.push(a2aClient(model));
  if (model.mcp.wire) files.push(mcpClient(model));
  return files;
}

function a2aClient(model: SpecModel): EmittedFile {
  const m = new TsModule('a2a/client.ts');
  const core = (name: string) => m.use(valueSymbol('client/a2a-core.ts', name));
  const coreType = (name: string) => m.use(typeSymbol('client/a2a-core.ts', name));
  const Io = m.use(typeSymbol('a2a/operations.ts', 'A2aWireIo'));
  const ErrorName = m.use(A2A_ERROR_NAME);
  const Tables = coreType('A2aClientTables');
  const Options = coreType('A2aClientOptions');
  const CallOptions = coreType('A2aCallOptions');
  const Binding = coreType('A2aBinding');
  const Core = core('A2aClientCore');
  const RemoteError = core('A2aRemoteError');
  const Negotiation = m.use(typeSymbol('client/support.ts', 'ClientNegotiation'));
  const FetchLike = m.use(typeSymbol('client/support.ts', 'FetchLike'));
  const HeaderSource = m.use(typeSymbol('client/support.ts', 'HeaderSource'));
  const Limits = m.use(typeSymbol('client/support.ts', 'ClientLimits'));
  const Interface = coreType('A2aInterface');
  m.add(
    doc("This contract's tables, as the A2A client core reads them."),
    `export const a2aClientTables: ${Tables} = {`,
    `  operations: ${m.use(valueSymbol('a2a/operations.ts', 'a2aOperations'))},`,
    `  errorsByCode: ${m.use(valueSymbol('a2a/errors.ts', 'a2aErrorByCode'))},`,
    `  errorsByReason: ${m.use(valueSymbol('a2a/errors.ts', 'a2aErrorByReason'))},`,
    `  errorInfoType: ${m.use(valueSymbol('a2a/errors.ts', 'ERROR_INFO_TYPE'))},`,
    `  answers: ${m.use(valueSymbol('validators/answers.ts', 'a2aAnswers'))},`,
    `  version: ${m.use(valueSymbol('negotiation/tables.ts', 'negotiationTables'))}.a2a,`,
    `};`,
  );
  m.add(
    doc('Whether `err` is an error the agent answered (of the registry row `name`, when given).'),
    `export function isA2aError(err: unknown, name?: ${ErrorName}): err is ${RemoteError} {`,
    `  return err instanceof ${RemoteError} && (name === undefined || err.name === name);`,
    `}`,
  );
  m.add(
    doc('The agent card at `url` (bounded, checked to be an object).'),
    `export function fetchAgentCard(url: string, opts: { fetch?: ${FetchLike}; headers?: ${HeaderSource}; limits?: Partial<${Limits}>; signal?: AbortSignal } = {}): Promise<Record<string, unknown>> {`,
    `  return ${core('readAgentCard')}(a2aClientTables, url, opts);`,
    `}`,
  );
  m.add(
    doc(
      'The interface of `card` to call at the pinned version, and the negotiation that chose it.',
    ),
    `export function selectInterface(card: unknown, cardUrl: string, prefer?: readonly ${Binding}[]): { interface: ${Interface} | undefined; negotiation: ${Negotiation} } {`,
    `  return ${core('chooseInterface')}(a2aClientTables, card, cardUrl, prefer);`,
    `}`,
  );
  const methods = new Map<string, (typeof model.a2a.operations)[number]>();
  for (const op of model.a2a.operations) if (!methods.has(op.method)) methods.set(op.method, op);
  const members = [...methods.values()].flatMap((op) => {
    const M = lit(op.method);
    const params = `params: ${Io}[${M}]['params'], opts?: ${CallOptions}`;
    const pass = `params as unknown as Record<string, unknown>, opts`;
    return op.streaming
      ? [
          `  ${sourceComment(op.origin)}`,
          `  ${lowerCamel(op.method)}(${params}): AsyncGenerator<${Io}[${M}]['event']> {`,
          `    return this.core.stream(${M}, ${pass}) as AsyncGenerator<${Io}[${M}]['event']>;`,
          `  }`,
        ]
      : [
          `  ${sourceComment(op.origin)}`,
          `  ${lowerCamel(op.method)}(${params}): Promise<${Io}[${M}]['result']> {`,
          `    return this.core.call(${M}, ${pass}) as Promise<${Io}[${M}]['result']>;`,
          `  }`,
        ];
  });
  m.add(
    doc(
      `A typed A2A ${model.a2a.negotiated} client of one agent interface: one member per method of the map, errors as A2aRemoteError named by the registry, answers checked.`,
    ),
    `export class A2aClient {`,
    `  readonly core: ${Core};`,
    `  constructor(options: ${Options}) {`,
    `    this.core = new ${Core}(a2aClientTables, options);`,
    `  }`,
    `  get binding(): ${Binding} {`,
    `    return this.core.binding;`,
    `  }`,
    ...members,
    `}`,
  );
  m.add(`export { ${RemoteError} };`);
  return m.file(['spec/interop-map.json']);
}

function mcpClient(model: SpecModel): EmittedFile {
  const m = new TsModule('mcp/client.ts');
  const core = (name: string) => m.use(valueSymbol('client/mcp-core.ts', name));
  const coreType = (name: string) => m.use(typeSymbol('client/mcp-core.ts', name));
  const Io = m.use(typeSymbol('mcp/methods.ts', 'McpWireIo'));
  const Tables = coreType('McpClientTables');
  const Options = coreType('McpClientOptions');
  const CallOptions = coreType('McpCallOptions');
  const ToolCallOptions = coreType('McpToolCallOptions');
  const OnInput = coreType('OnInput');
  const Core = core('McpClientCore');
  const methods = m.use(valueSymbol('mcp/methods.ts', 'mcpMethods'));
  m.add(
    doc("This contract's tables, as the MCP client core reads them."),
    `export const mcpClientTables: ${Tables} = {`,
    `  revision: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_REVISION'))},`,
    `  tasksExtension: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_TASKS_EXTENSION'))},`,
    `  metaProtocolVersion: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_META_PROTOCOL_VERSION'))},`,
    `  metaClientCapabilities: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_META_CLIENT_CAPABILITIES'))},`,
    `  answers: ${m.use(valueSymbol('validators/answers.ts', 'mcpAnswers'))},`,
    `  protocolErrors: ${m.use(valueSymbol('mcp/methods.ts', 'mcpProtocolErrors'))},`,
    `  header: ${m.use(valueSymbol('negotiation/tables.ts', 'negotiationTables'))}.mcp.header,`,
    `};`,
  );
  const members = model.mcp.methods.flatMap((row) => {
    const M = lit(row.method);
    const tasks = row.extension !== null ? `{ ...opts, tasks: true }` : 'opts';
    return [
      `  ${sourceComment(row.origin)}`,
      `  ${lowerCamel(row.method)}(params: Omit<${Io}[${M}]['params'], '_meta'>, opts?: ${CallOptions}): Promise<${Io}[${M}]['result']> {`,
      `    return this.core.request(${M}, params as Record<string, unknown>, ${tasks}) as Promise<${Io}[${M}]['result']>;`,
      `  }`,
    ];
  });
  m.add(
    doc(
      `A typed MCP ${model.mcp.revision} client of one server: one member per method of the map; \`callTool\` answers rounds of input, \`followTask\` follows a task of the tasks extension.`,
    ),
    `export class McpClient {`,
    `  readonly core: ${Core};`,
    `  constructor(options: ${Options}) {`,
    `    this.core = new ${Core}(mcpClientTables, options);`,
    `  }`,
    `  /** \`server/discover\` and the negotiation of the pinned revision (McpNegotiationError when refused). */`,
    `  discover(opts?: ${CallOptions}): Promise<${Io}['server/discover']['result']> {`,
    `    return this.core.discover(opts) as unknown as Promise<${Io}['server/discover']['result']>;`,
    `  }`,
    `  /** \`tools/call\` with rounds of input answered through \`opts.onInput\`. */`,
    `  callTool(name: string, args: Record<string, unknown>, opts?: ${ToolCallOptions}): Promise<${Io}['tools/call']['result']> {`,
    `    return this.core.callTool(name, args, opts) as unknown as Promise<${Io}['tools/call']['result']>;`,
    `  }`,
    `  /** A task of the tasks extension followed to its end. */`,
    `  followTask(taskId: string, opts?: ${CallOptions} & { onInput?: ${OnInput}; minPollMs?: number }): Promise<${Io}['tasks/get']['result']> {`,
    `    return this.core.followTask(taskId, opts) as unknown as Promise<${Io}['tasks/get']['result']>;`,
    `  }`,
    ...members,
    `  close(): Promise<void> {`,
    `    return this.core.close();`,
    `  }`,
    `}`,
  );
  m.add(
    doc('Whether the map says `method` belongs to an extension the request must declare.'),
    `export function mcpMethodExtension(method: keyof typeof ${methods}): string | null {`,
    `  return ${methods}[method].extension;`,
    `}`,
  );
  m.add(
    `export { ${core('McpRemoteError')}, ${core('McpNegotiationError')}, ${core('mcpHttpTransport')} };`,
  );
  return m.file(['spec/interop-map.json']);
}
