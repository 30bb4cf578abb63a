// The generated request validators (emit/request-validators.ts, validators/requests.ts): typed
// params or a refusal naming the field, per A2A method, MCP method and REST operation, with A2A's
// ProtoJSON names read first. Run as generated for the bundled spec.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { a2aRequests, mcpRequests, restRequests } from '../../../generated/validators/requests.ts';
import { projectRoot } from '../../helpers/spec-fixture.ts';

const refusal = (field: string, message: string) => ({ ok: false, refusal: { field, message } });

describe('A2A requests', () => {
  it('renames proto field names to JSON names, nested messages and repeated parts included', () => {
    const input = {
      message: {
        message_id: 'm',
        role: 'ROLE_USER',
        parts: [{ text: 'x', media_type: 'text/plain' }, { data: { keep_me: 1 } }],
        reference_task_ids: ['t'],
        metadata: { free_form: { any_key: true } },
      },
      configuration: { return_immediately: true, history_length: 2 },
    };
    const before = JSON.stringify(input);
    expect(a2aRequests.SendMessage(input)).toEqual({
      ok: true,
      value: {
        message: {
          messageId: 'm',
          role: 'ROLE_USER',
          parts: [{ text: 'x', mediaType: 'text/plain' }, { data: { keep_me: 1 } }],
          referenceTaskIds: ['t'],
          metadata: { free_form: { any_key: true } },
        },
        configuration: { returnImmediately: true, historyLength: 2 },
      },
    });
    // The request's own objects are left as they came.
    expect(JSON.stringify(input)).toBe(before);
  });

  it('copies only from the first rename on: members before it, items before it and untouched objects are kept', () => {
    const first = { text: 'a' };
    const metadata = { k: 1 };
    const input = {
      message: {
        messageId: 'm',
        role: 'ROLE_USER',
        metadata,
        parts: [first, { text: 'b', media_type: 'text/plain' }],
        context_id: 'c',
      },
    };
    const r = a2aRequests.SendMessage(input);
    expect(r).toEqual({
      ok: true,
      value: {
        message: {
          messageId: 'm',
          role: 'ROLE_USER',
          metadata,
          parts: [first, { text: 'b', mediaType: 'text/plain' }],
          contextId: 'c',
        },
      },
    });
    const message = (r.ok ? r.value.message : {}) as unknown as Record<string, unknown>;
    // Members keep their order; what was not renamed is the caller's own object.
    expect(Object.keys(message)).toEqual(['messageId', 'role', 'metadata', 'parts', 'contextId']);
    expect(message['metadata']).toBe(metadata);
    expect((message['parts'] as unknown[])[0]).toBe(first);
  });

  it('hands back the very object when nothing is renamed', () => {
    const input = { id: 'acme/t', historyLength: 1 };
    const r = a2aRequests.GetTask(input);
    expect(r).toEqual({ ok: true, value: input });
    expect(r.ok && r.value).toBe(input);
  });

  it('refuses a member that is neither name, and one given under both, naming it', () => {
    expect(a2aRequests.ListTasks({ context: 'x' })).toEqual(
      refusal('context', 'context is not a field of ListTasksParams'),
    );
    expect(a2aRequests.ListTasks({ pageToken: 'a', page_token: 'b' })).toEqual(
      refusal('pageToken', 'pageToken is given twice (as pageToken and as page_token)'),
    );
    expect(
      a2aRequests.SendMessage({
        message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x', kind: 'text' }] },
      }),
    ).toEqual(refusal('message.parts[0].kind', 'message.parts[0].kind is not a field of Part'));
  });

  it('checks values against the wire schema and names the field', () => {
    const message = { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] };
    expect(a2aRequests.SendMessage({ message: { ...message, role: 'ROLE_AGENT' } })).toEqual(
      refusal('message.role', 'message.role must be "ROLE_USER"'),
    );
    expect(a2aRequests.SendMessage({ message: { ...message, parts: [] } })).toEqual(
      refusal('message.parts', 'message.parts must NOT have fewer than 1 items'),
    );
    expect(a2aRequests.SendMessage({ message: { ...message, parts: [{ text: 5 }] } })).toEqual(
      refusal('message.parts[0].text', 'message.parts[0].text must be a string'),
    );
    expect(a2aRequests.ListTasks({ statusTimestampAfter: '2026-01-01' })).toEqual(
      refusal('statusTimestampAfter', 'statusTimestampAfter must be an RFC 3339 timestamp'),
    );
    expect(a2aRequests.GetTask({})).toEqual(refusal('id', 'id is required'));
    // What @a2a-js/sdk sends for a status filter left unset (CLIENTS.md §1).
    expect(a2aRequests.ListTasks({ status: 'UNRECOGNIZED' }).ok).toBe(true);
  });

  it('never lets `__proto__` become a prototype', () => {
    const input = JSON.parse(
      '{"message":{"message_id":"m","role":"ROLE_USER","parts":[{"text":"x"}],"metadata":{"__proto__":{"polluted":true}}}}',
    ) as unknown;
    const r = a2aRequests.SendMessage(input);
    expect(r.ok).toBe(true);
    const meta = (r as { value: { message: { metadata: object } } }).value.message.metadata;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('MCP requests', () => {
  it('names the field under params', () => {
    expect(mcpRequests['tools/call']({ arguments: {} })).toEqual(
      refusal('params.name', 'params.name is required'),
    );
    expect(mcpRequests['subscriptions/listen']({ notifications: { taskIds: [1] } })).toEqual(
      refusal(
        'params.notifications.taskIds[0]',
        'params.notifications.taskIds[0] must be a string',
      ),
    );
    expect(mcpRequests['tools/call']({ name: 'echo', extra: 1 })).toEqual({
      ok: true,
      value: { name: 'echo', extra: 1 },
    });
  });
});

describe('REST requests', () => {
  const request = (over: object) => ({ path: {}, query: {}, header: {}, body: undefined, ...over });

  it('checks parameters and bodies against the OpenAPI document, naming the field', () => {
    expect(restRequests.createRun(request({ body: { inputs: {} } }))).toEqual(
      refusal('body.workflowId', 'body.workflowId is required'),
    );
    expect(restRequests.listRuns(request({ query: { status: 'sleeping' } }))).toEqual(
      refusal(
        'query.status',
        'query.status must be one of pending, running, paused, waiting-approval, waiting-input, waiting-external, completed, failed, cancelling, cancelled',
      ),
    );
    expect(
      restRequests.getRun(request({ path: { runId: 'acme/r-0123456789abcdefghijkl' } })).ok,
    ).toBe(true);
  });
});

describe('the package', () => {
  it('holds the checks module as wopgen carries it (templates/package/request-check.ts)', () => {
    const generated = readFileSync(
      join(projectRoot, 'generated/validators/request-check.ts'),
      'utf8',
    );
    const template = readFileSync(join(projectRoot, 'templates/package/request-check.ts'), 'utf8');
    expect(generated.startsWith('// Generated by wopgen')).toBe(true);
    expect(generated.endsWith(template)).toBe(true);
  });
});
