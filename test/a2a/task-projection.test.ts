// The interrupt metadata an A2A caller sees on an input-required task says what is asked: its
// kind, the schema an answer must meet and, for a custom interrupt, the client request to run.
import { describe, expect, it } from 'vitest';
import { interruptMetadata } from '../../runtime/bindings/a2a/task-projection.ts';

describe('interruptMetadata', () => {
  it('carries the client request of a custom interrupt alongside its schema', () => {
    expect(
      interruptMetadata({
        interruptId: 'acme/0123456789abcdefghij',
        runId: 'acme/r0123456789abcdefghij',
        nodeId: 'ask',
        kind: 'custom',
        createdAt: '2026-11-30T00:00:00.000Z',
        schema: { type: 'object', required: ['roots'] },
        clientAsk: { kind: 'roots', params: {} },
      }),
    ).toEqual({
      interruptId: 'acme/0123456789abcdefghij',
      kind: 'custom',
      nodeId: 'ask',
      schema: { type: 'object', required: ['roots'] },
      clientRequest: { method: 'roots/list', params: {} },
    });
  });
});
