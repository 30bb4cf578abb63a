// Table tests: the committed generated package against the bundled map, row by row.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  a2aErrors,
  a2aErrorByCode,
  googleRpcStatus,
  jsonRpcError,
} from '../../generated/a2a/errors.ts';
import type { A2aHandlers, A2aIo } from '../../generated/a2a/operations.ts';
import {
  a2aMethods as a2aMethodsList,
  a2aOperations,
  isA2aMethod,
} from '../../generated/a2a/operations.ts';
import { a2aCaseMethods, a2aRefusalFor, selectA2aCase } from '../../generated/a2a/dispatch.ts';
import {
  a2aWireTaskStates,
  projectA2aTaskState,
  runStatusFromA2a,
  runStatusesForA2aWire,
} from '../../generated/a2a/task-state.ts';
import { errorCatalogue, openWopError } from '../../generated/errors/catalogue.ts';
import { mcpMethodNotFound, mcpRefusedMethods } from '../../generated/mcp/dispatch.ts';
import {
  isMcpMethod,
  mcpMethods,
  mcpProtocolErrors,
  requiredMcpFeatures,
} from '../../generated/mcp/methods.ts';
import { mcpTaskStatuses, projectMcpTaskStatus } from '../../generated/mcp/task-status.ts';
import { compareVersions, negotiationTables } from '../../generated/negotiation/tables.ts';
import { runStatuses } from '../../generated/run-status.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

interface MapOperation {
  upstream: string;
  http?: string;
  when?: string;
  v2Operation: string | null;
  requires: string[];
}
const map = JSON.parse(readFileSync(join(projectRoot, 'spec/interop-map.json'), 'utf8')) as {
  a2a: {
    operations: MapOperation[];
    errors: {
      upstream: string;
      jsonrpc: number;
      http: number;
      grpc: string;
      clientProjection: string;
    }[];
    taskState: { runStatus: string; stored: string; wire: string; interruptKind?: string }[];
    taskStateReverse: { wire: string; runStatus: string }[];
  };
  mcp: {
    methods: MapOperation[];
    tasks: {
      methods: MapOperation[];
      status: { runStatus: string; taskStatus: string; errorCode?: string }[];
    };
    features: { id: string; requiredFor: string[] }[];
  };
};
const errorsJson = JSON.parse(readFileSync(join(projectRoot, 'spec/errors.json'), 'utf8')) as {
  rows: { code: string; httpStatus: number; retriable: boolean }[];
};
const snapshotSchema = JSON.parse(
  readFileSync(join(projectRoot, 'schemas/run-snapshot.schema.json'), 'utf8'),
) as { properties: { status: { enum: string[] } } };
const handlersSource = readFileSync(join(projectRoot, 'generated/a2a/operations.ts'), 'utf8');

const names = (upstream: string) => upstream.split('|').map((s) => s.trim());

describe('A2A operation table', () => {
  it('has one entry per case of each map row and name, in map order', () => {
    // An `as X` row serves X's cases, one entry each; every other row is one entry per name.
    const casesOf = (method: string) =>
      map.a2a.operations.filter((r) => names(r.upstream).includes(method)).length;
    const expected = map.a2a.operations.flatMap((row, i) =>
      names(row.upstream).flatMap((method) =>
        Array.from(
          { length: row.when?.startsWith('as ') ? casesOf(row.when.slice(3)) : 1 },
          () => ({ method, row: i, row2: row }),
        ),
      ),
    );
    expect(a2aOperations.map((o) => o.method)).toEqual(expected.map((e) => e.method));
    a2aOperations.forEach((o, i) => {
      const row = expected[i]!.row2;
      expect(o.source).toBe(`spec/interop-map.json#/a2a/operations/${expected[i]!.row}`);
      expect(o.v2Operation).toBe(row.v2Operation);
      expect(o.requires).toEqual(row.requires);
      expect(o.when).toBe(row.when ?? '');
    });
  });

  it('names the cases once, short and stable, and the members after them', () => {
    expect(a2aOperations.map((o) => [o.case, o.key])).toEqual([
      ['sendMessage.start', 'sendMessageStart'],
      ['sendMessage.resume', 'sendMessageResume'],
      ['sendMessage.refuseActive', 'sendMessageRefuseActive'],
      ['sendMessage.refuseTerminal', 'sendMessageRefuseTerminal'],
      ['sendStreamingMessage.start', 'sendStreamingMessageStart'],
      ['sendStreamingMessage.resume', 'sendStreamingMessageResume'],
      ['sendStreamingMessage.refuseActive', 'sendStreamingMessageRefuseActive'],
      ['sendStreamingMessage.refuseTerminal', 'sendStreamingMessageRefuseTerminal'],
      ['getTask', 'getTask'],
      ['listTasks', 'listTasks'],
      ['cancelTask', 'cancelTask'],
      ['subscribeToTask', 'subscribeToTask'],
      ['createTaskPushNotificationConfig', 'createTaskPushNotificationConfig'],
      ['getTaskPushNotificationConfig', 'getTaskPushNotificationConfig'],
      ['listTaskPushNotificationConfigs', 'listTaskPushNotificationConfigs'],
      ['deleteTaskPushNotificationConfig', 'deleteTaskPushNotificationConfig'],
      ['getExtendedAgentCard', 'getExtendedAgentCard'],
    ]);
  });

  it('has one handler member per entry, with unique names', () => {
    const keys = a2aOperations.map((o) => o.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys)
      expect(handlersSource).toMatch(new RegExp(`^\\s+${key}\\(\\s*params: Io\\[`, 'm'));
    const members = [...handlersSource.matchAll(/^\s+(\w+)\(\s*params: Io\[/gm)].map((m) => m[1]);
    expect(members).toEqual(keys);
  });

  it('pins the HTTP+JSON bindings, including the split combined row', () => {
    const http = Object.fromEntries(
      a2aOperations.map((o) => [o.key, o.http && `${o.http.verb} ${o.http.path}`]),
    );
    expect(http['getTask']).toBe('GET /tasks/{id}');
    expect(http['cancelTask']).toBe('POST /tasks/{id}:cancel');
    expect(http['getTaskPushNotificationConfig']).toBe(
      'GET /tasks/{id}/pushNotificationConfigs/{configId}',
    );
    expect(http['listTaskPushNotificationConfigs']).toBe('GET /tasks/{id}/pushNotificationConfigs');
    expect(http['deleteTaskPushNotificationConfig']).toBe(
      'DELETE /tasks/{id}/pushNotificationConfigs/{configId}',
    );
  });

  it('marks exactly the SSE operations as streaming', () => {
    const streaming = a2aOperations.filter((o) => o.streaming).map((o) => o.method);
    expect([...new Set(streaming)]).toEqual(['SendStreamingMessage', 'SubscribeToTask']);
  });

  it('partitions SendMessage cases by run status', () => {
    for (const method of ['SendMessage', 'SendStreamingMessage']) {
      const cases = a2aOperations.filter((o) => o.method === method);
      expect(cases.map((c) => c.caseStatuses)).toEqual([
        null,
        ['waiting-approval', 'waiting-input', 'waiting-external'],
        ['pending', 'running', 'paused', 'cancelling'],
        ['completed', 'failed', 'cancelled'],
      ]);
    }
  });

  it("selects each case from the table: no task, then the named task's run status", () => {
    expect(a2aCaseMethods).toEqual(['SendMessage', 'SendStreamingMessage']);
    expect(selectA2aCase('SendMessage', null)).toBe('sendMessage.start');
    const byStatus = Object.fromEntries(
      runStatuses.map((s) => [s, selectA2aCase('SendMessage', s)]),
    );
    expect(byStatus).toEqual({
      pending: 'sendMessage.refuseActive',
      running: 'sendMessage.refuseActive',
      paused: 'sendMessage.refuseActive',
      'waiting-approval': 'sendMessage.resume',
      'waiting-input': 'sendMessage.resume',
      'waiting-external': 'sendMessage.resume',
      completed: 'sendMessage.refuseTerminal',
      failed: 'sendMessage.refuseTerminal',
      cancelling: 'sendMessage.refuseActive',
      cancelled: 'sendMessage.refuseTerminal',
    });
    expect(selectA2aCase('SendStreamingMessage', 'waiting-input')).toBe(
      'sendStreamingMessage.resume',
    );
  });

  it('decides each `requires` refusal once, from the table', () => {
    expect(a2aRefusalFor('GetTaskPushNotificationConfig', 'a2a.pushNotifications')).toEqual({
      error: 'PushNotificationNotSupportedError',
      message: 'push notifications are not supported',
    });
    expect(a2aRefusalFor('SubscribeToTask', 'a2a.durableTasks')).toEqual({
      error: 'UnsupportedOperationError',
      message: 'SubscribeToTask needs a2a.durableTasks, which this host does not advertise',
    });
    expect(a2aRefusalFor('GetTask', 'constructor').error).toBe('UnsupportedOperationError');
  });

  it('serves only the methods of the map', () => {
    expect(isA2aMethod('GetTask')).toBe(true);
    expect(isA2aMethod('tasks/get')).toBe(false);
    expect(isA2aMethod('toString')).toBe(false);
  });

  it('types each method from the A2A wire schema', () => {
    const io = Object.fromEntries(
      [
        ...handlersSource.matchAll(
          /^\s+(\w+): \{ params: (\w+); result: (\w+)(?:; event: (\w+))? \};$/gm,
        ),
      ].map((m) => [m[1], [m[2], m[3], m[4] ?? null]]),
    );
    expect(Object.keys(io).sort()).toEqual([...a2aMethodsList].sort());
    expect(io['SendMessage']).toEqual(['SendMessageParams', 'SendMessageResult', null]);
    expect(io['SendStreamingMessage']).toEqual(['SendMessageParams', 'never', 'StreamResponse']);
    expect(io['GetTask']).toEqual(['GetTaskParams', 'Task', null]);
    expect(io['ListTasks']).toEqual(['ListTasksParams', 'ListTasksResult', null]);
    expect(io['SubscribeToTask']).toEqual(['TaskIdParams', 'never', 'StreamResponse']);
  });

  it('is a contract: a handler object missing a member does not type-check', () => {
    // @ts-expect-error getTask and every other member are missing
    const partial: A2aHandlers<unknown, A2aIo> = { sendStreamingMessage: async function* () {} };
    expect(partial).toBeDefined();
  });
});

describe('A2A error registry', () => {
  it('matches every map row: JSON-RPC code, HTTP status, gRPC status and projection', () => {
    for (const row of map.a2a.errors) {
      const entry = a2aErrorByCode.get(row.jsonrpc)!;
      expect(entry, row.upstream).toBeDefined();
      expect(entry.http).toBe(row.http);
      expect(entry.grpc).toBe(row.grpc);
      expect(entry.clientProjection).toBe(row.clientProjection);
    }
    expect(a2aErrors.TaskNotFoundError.reason).toBe('TASK_NOT_FOUND');
    expect(a2aErrors.VersionNotSupportedError.reason).toBe('VERSION_NOT_SUPPORTED');
    expect(a2aErrors.InvalidParamsError).toMatchObject({
      jsonrpc: -32602,
      reason: 'INVALID_PARAMS',
      http: 400,
    });
  });

  it('keeps the generic JSON-RPC errors apart', () => {
    expect([
      a2aErrors.ParseError.jsonrpc,
      a2aErrors.InvalidRequestError.jsonrpc,
      a2aErrors.MethodNotFoundError.jsonrpc,
      a2aErrors.InvalidParamsError.jsonrpc,
    ]).toEqual([-32700, -32600, -32601, -32602]);
  });

  it('builds the JSON-RPC error with data = [one ErrorInfo]', () => {
    expect(jsonRpcError('VersionNotSupportedError', 'no', { supportedVersions: '1.0' })).toEqual({
      code: -32009,
      message: 'no',
      data: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'VERSION_NOT_SUPPORTED',
          domain: 'a2a-protocol.org',
          metadata: { supportedVersions: '1.0' },
        },
      ],
    });
  });

  it('builds google.rpc.Status for HTTP+JSON', () => {
    expect(googleRpcStatus('TaskNotFoundError', 'Task not found: x')).toEqual({
      httpStatus: 404,
      body: {
        error: {
          code: 404,
          status: 'NOT_FOUND',
          message: 'Task not found: x',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'TASK_NOT_FOUND',
              domain: 'a2a-protocol.org',
            },
          ],
        },
      },
    });
  });
});

describe('task-state projections', () => {
  it('are total over the RunSnapshot status enum', () => {
    expect([...runStatuses]).toEqual(snapshotSchema.properties.status.enum);
    for (const status of runStatuses) {
      const row = map.a2a.taskState.find((r) => r.runStatus === status && !r.interruptKind)!;
      expect(projectA2aTaskState(status)).toEqual({ wire: row.wire, stored: row.stored });
      expect(projectMcpTaskStatus(status)).toBe(
        map.mcp.tasks.status.find((r) => r.runStatus === status && !r.errorCode)!.taskStatus,
      );
    }
  });

  it('emits auth-required only for a credential interrupt', () => {
    expect(projectA2aTaskState('waiting-input', 'credential')).toEqual({
      wire: 'TASK_STATE_AUTH_REQUIRED',
      stored: 'auth-required',
    });
    expect(projectA2aTaskState('waiting-input', 'clarification').wire).toBe(
      'TASK_STATE_INPUT_REQUIRED',
    );
    expect(
      runStatuses.filter((s) => projectA2aTaskState(s).wire === 'TASK_STATE_AUTH_REQUIRED'),
    ).toEqual([]);
  });

  it('reverses every wire state of the map and nothing else', () => {
    for (const r of map.a2a.taskStateReverse) expect(runStatusFromA2a(r.wire)).toBe(r.runStatus);
    expect(runStatusFromA2a('TASK_STATE_BOGUS')).toBeUndefined();
    expect(runStatusFromA2a('constructor')).toBeUndefined();
    expect(runStatusesForA2aWire('TASK_STATE_WORKING')).toEqual([
      'running',
      'paused',
      'cancelling',
    ]);
  });
});

describe('MCP tables', () => {
  it('has one method entry per dispatchable method of the map rows', () => {
    const expected = [...map.mcp.methods, ...map.mcp.tasks.methods]
      .flatMap((r) => names(r.upstream).map((n) => n.split(/\s+/)[0]!))
      .filter((n) => /^[a-z][A-Za-z]*(\/[a-z][A-Za-z]*)*$/.test(n))
      .filter((n) => n !== 'initialize' && !n.startsWith('notifications/'));
    expect(Object.keys(mcpMethods)).toEqual(expected);
    expect(isMcpMethod('initialize')).toBe(false);
    expect(isMcpMethod('notifications/tasks')).toBe(false);
    expect(mcpMethods['tasks/get'].extension).toBe('io.modelcontextprotocol/tasks');
    expect(mcpMethods['tools/call'].extension).toBeNull();
    expect(mcpMethods['subscriptions/listen']).toMatchObject({
      extension: null,
      extensionParams: ['taskIds'],
    });
    expect(mcpMethods['prompts/list'].source).toBe('spec/interop-map.json#/mcp/methods/4');
    expect(mcpMethods['completion/complete'].source).toBe('spec/interop-map.json#/mcp/methods/5');
  });

  it('turns the rows that are rules into -32601 refusals with their reason', () => {
    expect(mcpRefusedMethods).toEqual({
      initialize: {
        message: 'initialize is not a method of MCP 2026-07-28',
        source: 'spec/interop-map.json#/mcp/methods/6',
      },
      'notifications/tasks': {
        message: 'notifications/tasks is a notification the server sends, not a request',
        source: 'spec/interop-map.json#/mcp/tasks/methods/3',
      },
    });
    expect(mcpMethodNotFound('initialize')).toBe('initialize is not a method of MCP 2026-07-28');
    expect(mcpMethodNotFound('tools/destroy')).toBe('Method not found: tools/destroy');
    expect(mcpMethodNotFound('constructor')).toBe('Method not found: constructor');
  });

  it("types each method from the revision's wire schema", () => {
    const source = readFileSync(join(projectRoot, 'generated/mcp/methods.ts'), 'utf8');
    const io = Object.fromEntries(
      [...source.matchAll(/^\s+'([a-z/]+)': \{ params: (\w+); result: (\w+) \};$/gm)].map((m) => [
        m[1],
        [m[2], m[3]],
      ]),
    );
    expect(Object.keys(io)).toEqual(Object.keys(mcpMethods));
    expect(io['tools/call']).toEqual(['ToolsCallParams', 'ToolsCallResult']);
    expect(io['tools/list']).toEqual(['PageParams', 'ToolsListResult']);
    expect(io['tasks/get']).toEqual(['TaskParams', 'TasksGetResult']);
    expect(io['tasks/cancel']).toEqual(['TaskParams', 'Acknowledged']);
    expect(io['subscriptions/listen']).toEqual([
      'SubscriptionsListenParams',
      'SubscriptionsListenResult',
    ]);
  });

  it('lists the wire enums at run time', () => {
    expect(mcpTaskStatuses).toEqual([
      'cancelled',
      'completed',
      'failed',
      'input_required',
      'working',
    ]);
    expect(a2aWireTaskStates).toContain('TASK_STATE_AUTH_REQUIRED');
    expect(a2aWireTaskStates).toContain('TASK_STATE_UNSPECIFIED');
    for (const s of runStatuses) expect(a2aWireTaskStates).toContain(projectA2aTaskState(s).wire);
  });

  it('lists the features the 2026-07-28 profile requires', () => {
    expect(requiredMcpFeatures('mcp-2026-07-28')).toEqual([
      'server-discover',
      'mrtr',
      'cacheable-lists',
    ]);
  });

  it('pins the MCP protocol errors of the revision', () => {
    expect(mcpProtocolErrors).toEqual({
      HeaderMismatchError: { code: -32020, httpStatus: 400, source: expect.any(String) },
      MissingRequiredClientCapabilityError: {
        code: -32021,
        httpStatus: 400,
        source: expect.any(String),
      },
      UnsupportedProtocolVersionError: {
        code: -32022,
        httpStatus: 400,
        source: expect.any(String),
      },
    });
  });
});

describe('negotiation tables and error catalogue', () => {
  it('orders A2A versions numerically and MCP revisions by date', () => {
    expect(compareVersions(negotiationTables.a2a, '1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions(negotiationTables.mcp, '2025-11-25', '2026-07-28')).toBeLessThan(0);
    expect(negotiationTables.a2a).toMatchObject({
      header: 'A2A-Version',
      pinned: '1.0',
      profile: 'a2a-1.0',
      floorField: 'minimumVersion',
    });
    expect(negotiationTables.mcp).toMatchObject({
      header: 'MCP-Protocol-Version',
      pinned: '2026-07-28',
      profile: 'mcp-2026-07-28',
      floorField: 'minimumRevision',
    });
    expect(negotiationTables.a2a.profilePattern!.test('a2a-0.3-legacy')).toBe(false);
  });

  it('has every errors.json code with its status', () => {
    expect(Object.keys(errorCatalogue).sort()).toEqual(errorsJson.rows.map((r) => r.code).sort());
    for (const r of errorsJson.rows)
      expect(errorCatalogue[r.code as keyof typeof errorCatalogue]).toEqual({
        httpStatus: r.httpStatus,
        retriable: r.retriable,
      });
    expect(openWopError('interop_version_unsupported', 'below floor')).toEqual({
      httpStatus: 400,
      body: { error: 'interop_version_unsupported', message: 'below floor' },
    });
  });
});
