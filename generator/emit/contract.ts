// The contract value (DESIGN.md §3): everything a host runtime takes from this package — method
// and case tables, dispatch factories, error registries and builders, projections, negotiation
// tables, validators and wire-shape digests — gathered in one value, `contract`, which
// `createHost({ contract })` receives. Its `types` member exists only for the type checker: it
// carries the handler signatures a runtime computes the members a host must write from.
import type { SpecModel } from '../model/ir.ts';
import { constant, types } from './code/declarations.ts';
import { doc, lit } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import { typeSymbol, valueSymbol } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

/** What the runtime checks before reading anything else of a contract value. */
export const CONTRACT_FORMAT = 'wopgen-contract/1';

/** A member of the contract: a nested group, or a leaf with its value and its declared type. */
type Field =
  { group: Record<string, Field>; doc?: string } | { value: string; type: string; doc?: string };

export function emitContract(model: SpecModel): EmittedFile {
  const m = new TsModule('contract.ts');
  /** A value another module of the package exports, typed as that module types it. */
  const ref = (module: string, name: string): Field => {
    const id = m.use(valueSymbol(module, name));
    return { value: id, type: `typeof ${id}` };
  };
  const literal = (v: string): Field => ({ value: lit(v), type: lit(v) });
  const absent: Field = { value: 'null', type: 'null' };
  const shapes = (s: Readonly<Record<string, string>>, what: string): Field => ({
    value: lit(sorted(s)),
    type: 'Readonly<Record<string, string>>',
    doc: `Per method, the sha256 of its ${what} schemas (compared with a runtime's built-ins).`,
  });
  const validator = (present: boolean, name: string) =>
    present ? ref('validators/standalone.js', name) : absent;

  const fields: Record<string, Field> = {
    format: literal(CONTRACT_FORMAT),
    inputDigest: {
      ...literal(`sha256:${model.digest}`),
      type: 'string',
      doc: 'sha256 over the input files and their digests (manifest.json lists them).',
    },
    spec: {
      group: {
        title: { ...literal(model.openapi.title), type: 'string' },
        version: { ...literal(model.openapi.version), type: 'string' },
        layout: { ...literal(model.layout), type: "'wopgen' | 'upstream'" },
      },
    },
    runStatuses: {
      group: {
        all: ref('run-status.ts', 'runStatuses'),
        terminal: ref('run-status.ts', 'terminalRunStatuses'),
      },
    },
    a2a: {
      group: {
        release: { ...literal(model.a2a.release), type: 'string' },
        negotiated: { ...literal(model.a2a.negotiated), type: 'string' },
        methods: ref('a2a/operations.ts', 'a2aMethods'),
        operations: ref('a2a/operations.ts', 'a2aOperations'),
        caseMethods: ref('a2a/dispatch.ts', 'a2aCaseMethods'),
        caseSelection: ref('a2a/dispatch.ts', 'a2aCaseSelection'),
        refusalFor: ref('a2a/dispatch.ts', 'a2aRefusalFor'),
        createDispatch: ref('a2a/dispatch.ts', 'createA2aDispatch'),
        requests: ref('validators/requests.ts', 'a2aRequests'),
        errors: {
          group: {
            rows: ref('a2a/errors.ts', 'a2aErrors'),
            domain: ref('a2a/errors.ts', 'A2A_ERROR_DOMAIN'),
            errorInfoType: ref('a2a/errors.ts', 'ERROR_INFO_TYPE'),
            jsonRpc: ref('a2a/errors.ts', 'jsonRpcError'),
            httpJson: ref('a2a/errors.ts', 'googleRpcStatus'),
          },
        },
        taskState: {
          group: {
            wireStates: ref('a2a/task-state.ts', 'a2aWireTaskStates'),
            project: ref('a2a/task-state.ts', 'projectA2aTaskState'),
            runStatusesFor: ref('a2a/task-state.ts', 'runStatusesForA2aWire'),
          },
        },
        wireShapes: shapes(model.a2a.wire?.shapes ?? {}, 'params, result and event'),
      },
    },
    mcp: {
      group: {
        revision: ref('mcp/methods.ts', 'MCP_REVISION'),
        tasksExtension: ref('mcp/methods.ts', 'MCP_TASKS_EXTENSION'),
        methods: ref('mcp/methods.ts', 'mcpMethods'),
        methodNotFound: ref('mcp/dispatch.ts', 'mcpMethodNotFound'),
        createDispatch: ref('mcp/dispatch.ts', 'createMcpDispatch'),
        requests: ref('validators/requests.ts', 'mcpRequests'),
        features: ref('mcp/methods.ts', 'mcpFeatures'),
        requiredFeatures: ref('mcp/methods.ts', 'requiredMcpFeatures'),
        protocolErrors: ref('mcp/methods.ts', 'mcpProtocolErrors'),
        metaProtocolVersion: ref('mcp/methods.ts', 'MCP_META_PROTOCOL_VERSION'),
        taskStatus:
          model.mcp.taskStatus.length > 0
            ? {
                group: {
                  statuses: ref('mcp/task-status.ts', 'mcpTaskStatuses'),
                  project: ref('mcp/task-status.ts', 'projectMcpTaskStatus'),
                },
              }
            : absent,
        wireShapes: shapes(model.mcp.wire?.shapes ?? {}, 'params and result'),
      },
    },
    rest: {
      group: {
        operations: ref('rest/operations.ts', 'restOperations'),
        requests: ref('validators/requests.ts', 'restRequests'),
      },
    },
    errors: {
      group: {
        catalogue: ref('errors/catalogue.ts', 'errorCatalogue'),
        envelope: ref('errors/catalogue.ts', 'openWopError'),
      },
    },
    negotiation: {
      group: {
        tables: ref('negotiation/tables.ts', 'negotiationTables'),
        compare: ref('negotiation/tables.ts', 'compareVersions'),
      },
    },
    validators: {
      group: {
        discovery: validator(model.discovery !== null, 'validateDiscoveryDocument'),
        hostEvent: validator(model.hostEvent !== null, 'validateHostEvent'),
        negotiationDecided: validator(
          model.events.some((e) => e.type === 'negotiation.decided'),
          'validateNegotiationDecided',
        ),
      },
    },
  };

  m.add(
    types(
      doc('Type-level facts of this contract a runtime types handlers by (absent at run time).'),
      `export interface ContractTypes {`,
      `  a2a: { operations: ${m.use(typeSymbol('a2a/operations.ts', 'A2aOperationTypes'))} };`,
      `  mcp: { methods: ${m.use(typeSymbol('mcp/methods.ts', 'McpMethodTypes'))} };`,
      `  rest: { operations: ${m.use(typeSymbol('rest/operations.ts', 'RestOperationTypes'))} };`,
      `  runStatus: ${m.use(typeSymbol('run-status.ts', 'RunStatus'))};`,
      `}`,
    ),
  );
  m.add(
    types(
      doc('The shape of `contract`: every member typed as the module that declares it types it.'),
      `export interface Contract {`,
      ...typeLines(fields, '  '),
      `  ${doc('Type-level only: never set at run time.')}`,
      `  readonly types?: ContractTypes;`,
      `}`,
    ),
  );
  m.add(
    constant({
      doc: [
        doc('This package as one value: what a host runtime serves (`createHost({ contract })`).'),
      ],
      name: 'contract',
      type: 'Contract',
      value: [`{`, ...valueLines(fields, '  '), `}`],
    }),
  );
  // The digest is in the body: formatted and compiled masked, so an edit elsewhere costs nothing here.
  return { ...m.file([model.mapFile]), digest: model.digest };
}

function typeLines(fields: Record<string, Field>, indent: string): string[] {
  return Object.entries(fields).flatMap(([name, f]) => [
    ...(f.doc ? [`${indent}${doc(f.doc)}`] : []),
    ...('group' in f
      ? [`${indent}readonly ${name}: {`, ...typeLines(f.group, `${indent}  `), `${indent}};`]
      : [`${indent}readonly ${name}: ${f.type};`]),
  ]);
}

function valueLines(fields: Record<string, Field>, indent: string): string[] {
  return Object.entries(fields).flatMap(([name, f]) =>
    'group' in f
      ? [`${indent}${name}: {`, ...valueLines(f.group, `${indent}  `), `${indent}},`]
      : [`${indent}${name}: ${f.value},`],
  );
}

function sorted(record: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(record).sort()) out[k] = record[k]!;
  return out;
}
