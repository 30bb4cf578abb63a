// The outbound clients (DESIGN.md §4 "clients"): a typed A2A client for both bindings and a typed
// MCP client for the pinned revision. Their cores are fixed modules written as they are
// (templates/package/client/, type-checked like the project's own code); what is generated binds
// a core to this contract's tables, with one typed member per A2A method and per MCP method.
import type { SpecModel } from '../model/ir.ts';
import { lowerCamel } from '../model/naming.ts';
import {
  classOf,
  code,
  constant,
  fn,
  tsOnly,
  verbatim,
  type ClassMember,
} from './code/declarations.ts';
import { doc, lit, sourceComment } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import { A2A_ERROR_NAME, typeSymbol, valueSymbol } from './code/symbols.ts';
import { fixedModule } from './fixed-modules.ts';
import type { EmittedFile } from './source-file.ts';

/** The fixed modules, by their name under templates/package/client/ and client/ of the package. */
const FIXED = ['support', 'a2a-core', 'mcp-core', 'mcp-stdio'] as const;

export function emitClients(model: SpecModel): EmittedFile[] {
  const files: EmittedFile[] = FIXED.map((name) => {
    const module = fixedModule(`client/${name}`);
    return {
      path: `client/${name}.ts`,
      from: [],
      body: module.source,
      parser: 'typescript',
      dist: module.dist,
    };
  });
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
    constant({
      doc: [doc("This contract's tables, as the A2A client core reads them.")],
      name: 'a2aClientTables',
      type: Tables,
      value: [
        `{`,
        `  operations: ${m.use(valueSymbol('a2a/operations.ts', 'a2aOperations'))},`,
        `  errorsByCode: ${m.use(valueSymbol('a2a/errors.ts', 'a2aErrorByCode'))},`,
        `  errorsByReason: ${m.use(valueSymbol('a2a/errors.ts', 'a2aErrorByReason'))},`,
        `  errorInfoType: ${m.use(valueSymbol('a2a/errors.ts', 'ERROR_INFO_TYPE'))},`,
        `  answers: ${m.use(valueSymbol('validators/answers.ts', 'a2aAnswers'))},`,
        `  version: ${m.use(valueSymbol('negotiation/tables.ts', 'negotiationTables'))}.a2a,`,
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc(
          'Whether `err` is an error the agent answered (of the registry row `name`, when given).',
        ),
      ],
      name: 'isA2aError',
      params: [
        ['err', 'unknown'],
        ['name?', ErrorName],
      ],
      returns: `err is ${RemoteError}`,
      body: [
        `  return err instanceof ${RemoteError} && (name === undefined || err.name === name);`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [doc('The agent card at `url` (bounded, checked to be an object).')],
      name: 'fetchAgentCard',
      params: [
        ['url', 'string'],
        [
          'opts?',
          `{ fetch?: ${FetchLike}; headers?: ${HeaderSource}; limits?: Partial<${Limits}>; signal?: AbortSignal }`,
        ],
      ],
      returns: 'Promise<Record<string, unknown>>',
      body: [`  return ${core('readAgentCard')}(a2aClientTables, url, opts ?? {});`],
    }),
  );
  m.add(
    fn({
      doc: [
        doc(
          'The interface of `card` to call at the pinned version, and the negotiation that chose it.',
        ),
      ],
      name: 'selectInterface',
      params: [
        ['card', 'unknown'],
        ['cardUrl', 'string'],
        ['prefer?', `readonly ${Binding}[]`],
      ],
      returns: `{ interface: ${Interface} | undefined; negotiation: ${Negotiation} }`,
      body: [`  return ${core('chooseInterface')}(a2aClientTables, card, cardUrl, prefer);`],
    }),
  );
  const methods = new Map<string, (typeof model.a2a.operations)[number]>();
  for (const op of model.a2a.operations) if (!methods.has(op.method)) methods.set(op.method, op);
  const members = [...methods.values()].map((op): ClassMember => {
    const M = lit(op.method);
    const answer = op.streaming
      ? `AsyncGenerator<${Io}[${M}]['event']>`
      : `Promise<${Io}[${M}]['result']>`;
    const pass = code`params${tsOnly(' as unknown as Record<string, unknown>')}, opts`;
    return {
      kind: 'method',
      doc: [sourceComment(op.origin)],
      name: lowerCamel(op.method),
      params: [
        ['params', `${Io}[${M}]['params']`],
        ['opts?', CallOptions],
      ],
      returns: answer,
      body: [
        code`  return this.core.${op.streaming ? 'stream' : 'call'}(${M}, ${pass})${tsOnly(` as ${answer}`)};`,
      ],
    };
  });
  m.add(
    classOf({
      doc: [
        doc(
          `A typed A2A ${model.a2a.negotiated} client of one agent interface: one member per method of the map, errors as A2aRemoteError named by the registry, answers checked.`,
        ),
      ],
      name: 'A2aClient',
      members: [
        { kind: 'field', name: 'core', type: Core, readonly: true },
        {
          kind: 'constructor',
          name: '',
          params: [['options', Options]],
          returns: '',
          body: [`  this.core = new ${Core}(a2aClientTables, options);`],
        },
        {
          kind: 'get',
          name: 'binding',
          params: [],
          returns: Binding,
          body: [`  return this.core.binding;`],
        },
        ...members,
      ],
    }),
  );
  m.add(verbatim(`export { ${RemoteError} };`));
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
    constant({
      doc: [doc("This contract's tables, as the MCP client core reads them.")],
      name: 'mcpClientTables',
      type: Tables,
      value: [
        `{`,
        `  revision: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_REVISION'))},`,
        `  tasksExtension: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_TASKS_EXTENSION'))},`,
        `  metaProtocolVersion: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_META_PROTOCOL_VERSION'))},`,
        `  metaClientCapabilities: ${m.use(valueSymbol('mcp/methods.ts', 'MCP_META_CLIENT_CAPABILITIES'))},`,
        `  answers: ${m.use(valueSymbol('validators/answers.ts', 'mcpAnswers'))},`,
        `  protocolErrors: ${m.use(valueSymbol('mcp/methods.ts', 'mcpProtocolErrors'))},`,
        `  header: ${m.use(valueSymbol('negotiation/tables.ts', 'negotiationTables'))}.mcp.header,`,
        `}`,
      ],
    }),
  );
  const members = model.mcp.methods.map((row): ClassMember => {
    const M = lit(row.method);
    const tasks = row.extension !== null ? `{ ...opts, tasks: true }` : 'opts';
    const answer = `Promise<${Io}[${M}]['result']>`;
    return {
      kind: 'method',
      doc: [sourceComment(row.origin)],
      name: lowerCamel(row.method),
      params: [
        ['params', `Omit<${Io}[${M}]['params'], '_meta'>`],
        ['opts?', CallOptions],
      ],
      returns: answer,
      body: [
        code`  return this.core.request(${M}, params${tsOnly(' as Record<string, unknown>')}, ${tasks})${tsOnly(` as ${answer}`)};`,
      ],
    };
  });
  /** A member that hands its arguments to the core's one of the same name. */
  const delegate = (
    name: string,
    docText: string,
    params: readonly (readonly [string, string])[],
    answer: string,
  ): ClassMember => ({
    kind: 'method',
    doc: [doc(docText)],
    name,
    params,
    returns: answer,
    body: [
      code`  return this.core.${name}(${params.map(([n]) => n.replace(/\?$/, '')).join(', ')})${tsOnly(` as unknown as ${answer}`)};`,
    ],
  });
  m.add(
    classOf({
      doc: [
        doc(
          `A typed MCP ${model.mcp.revision} client of one server: one member per method of the map; \`callTool\` answers rounds of input, \`followTask\` follows a task of the tasks extension.`,
        ),
      ],
      name: 'McpClient',
      members: [
        { kind: 'field', name: 'core', type: Core, readonly: true },
        {
          kind: 'constructor',
          name: '',
          params: [['options', Options]],
          returns: '',
          body: [`  this.core = new ${Core}(mcpClientTables, options);`],
        },
        delegate(
          'discover',
          '`server/discover` and the negotiation of the pinned revision (McpNegotiationError when refused).',
          [['opts?', CallOptions]],
          `Promise<${Io}['server/discover']['result']>`,
        ),
        delegate(
          'callTool',
          '`tools/call` with rounds of input answered through `opts.onInput`.',
          [
            ['name', 'string'],
            ['args', 'Record<string, unknown>'],
            ['opts?', ToolCallOptions],
          ],
          `Promise<${Io}['tools/call']['result']>`,
        ),
        delegate(
          'followTask',
          'A task of the tasks extension followed to its end.',
          [
            ['taskId', 'string'],
            ['opts?', `${CallOptions} & { onInput?: ${OnInput}; minPollMs?: number }`],
          ],
          `Promise<${Io}['tasks/get']['result']>`,
        ),
        ...members,
        {
          kind: 'method',
          name: 'close',
          params: [],
          returns: 'Promise<void>',
          body: [`  return this.core.close();`],
        },
      ],
    }),
  );
  m.add(
    fn({
      doc: [doc('Whether the map says `method` belongs to an extension the request must declare.')],
      name: 'mcpMethodExtension',
      params: [['method', `keyof typeof ${methods}`]],
      returns: 'string | null',
      body: [`  return ${methods}[method].extension;`],
    }),
  );
  m.add(
    verbatim(
      `export { ${core('McpRemoteError')}, ${core('McpNegotiationError')}, ${core('mcpHttpTransport')} };`,
    ),
  );
  return m.file(['spec/interop-map.json']);
}
