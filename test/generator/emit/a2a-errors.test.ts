// emitA2aErrors: one registry row per map error plus the generic JSON-RPC errors the map does not
// restate, and the JSON-RPC and google.rpc.Status builders (interop.md §A2A error details).
import { describe, expect, it } from 'vitest';
import { emitA2aErrors } from '../../../generator/emit/a2a-errors.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface Row {
  name: string;
  jsonrpc: number;
  http: number;
  grpc: string;
  grpcCode: number;
  reason: string;
  clientProjection: string | null;
  source: string;
}
interface Module {
  a2aErrors: Record<string, Row>;
  a2aErrorByCode: Map<number, Row>;
  jsonRpcError(name: string, message: string, metadata?: Record<string, string>): unknown;
  googleRpcStatus(name: string, message: string): { httpStatus: number; body: unknown };
}

describe('emitA2aErrors', () => {
  const model = bundledModel();
  const file = emitA2aErrors(model);
  const mod = runEmitted(file) as unknown as Module;

  it('declares the name union and imports nothing', () => {
    expect(file.path).toBe('a2a/errors.ts');
    expect(importLines(file)).toEqual([]);
    expect(file.body).toMatch(/^export type A2aErrorName = "TaskNotFoundError" \| /);
  });

  it('has one row per map error, with its codes, gRPC number and source', () => {
    for (const e of model.a2a.errors) {
      expect(mod.a2aErrors[e.name]).toMatchObject({
        jsonrpc: e.jsonrpc,
        http: e.http,
        grpc: e.grpc,
        reason: e.reason,
        source: `${e.origin.file}#${e.origin.pointer}`,
      });
    }
    expect(mod.a2aErrors['TaskNotFoundError']).toMatchObject({
      jsonrpc: -32001,
      http: 404,
      grpc: 'NOT_FOUND',
      grpcCode: 5,
    });
  });

  it('adds the generic JSON-RPC errors with their HTTP and gRPC mapping', () => {
    expect(mod.a2aErrorByCode.get(-32601)).toMatchObject({
      name: 'MethodNotFoundError',
      http: 400,
      grpc: 'UNIMPLEMENTED',
      grpcCode: 12,
      clientProjection: null,
    });
    expect(mod.a2aErrorByCode.get(-32603)).toMatchObject({ http: 500, grpc: 'INTERNAL' });
    expect(mod.a2aErrorByCode.get(-32700)).toMatchObject({ grpc: 'INVALID_ARGUMENT' });
  });

  it('builds the JSON-RPC error with one ErrorInfo and the google.rpc.Status body', () => {
    expect(mod.jsonRpcError('TaskNotFoundError', 'gone', { taskId: 't1' })).toEqual({
      code: -32001,
      message: 'gone',
      data: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: mod.a2aErrors['TaskNotFoundError']!.reason,
          domain: 'a2a-protocol.org',
          metadata: { taskId: 't1' },
        },
      ],
    });
    const status = mod.googleRpcStatus('TaskNotFoundError', 'gone');
    expect(status.httpStatus).toBe(404);
    expect(status.body).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'gone',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: mod.a2aErrors['TaskNotFoundError']!.reason,
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
  });
});
