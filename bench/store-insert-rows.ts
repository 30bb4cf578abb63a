// The rows bench/store-insert.ts writes: one SendMessage's run as the host writes it (captured from
// `wopgen serve` under bench:host's SendMessage load): the completed echo run, its three events,
// the message's idempotency record and the A2A task record its note builds.
import { randomUUID } from 'node:crypto';
import { mintRunId, uuidV7 } from '../runtime/ids.ts';
import type { BindingNote } from '../runtime/ports/run-core.ts';
import type {
  IdempotencyRecord,
  RunRecord,
  StoredRunEvent,
} from '../runtime/ports/store/run-store.ts';

export const PHASES = [
  'begin',
  'savepoint',
  'run',
  'idempotency',
  'a2a_task',
  'events',
  'commit',
] as const;
export type Phase = (typeof PHASES)[number];

const OWNER = {
  issuer: 'urn:wopgen:api-key',
  subjectId: 'key-44477cfec1721492',
  tenant: 'bench',
  lane: 'api-key',
  kind: 'user',
} as const;

const DEFINITION = {
  id: 'echo',
  description: 'Completes at once with the text it was given.',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string' } },
    additionalProperties: false,
  },
  nodes: [{ id: 'reply', kind: 'complete', output: { text: '{{inputs.text}}' } }],
};

export interface BenchRun {
  run: RunRecord;
  events: StoredRunEvent[];
  /** The same events as the one first change carrying them (insertRun's `changes`). */
  changeEvents: { type: string; payload: object }[];
  idempotency: IdempotencyRecord;
  note: BindingNote;
}

export function benchRun(): BenchRun {
  const runId = mintRunId('bench');
  const at = new Date().toISOString();
  const messageId = randomUUID();
  const changeEvents = [
    {
      type: 'run.started',
      payload: {
        workflowId: 'echo',
        inputs: { text: 'hello' },
        transport: 'a2a',
        trustBoundary: 'untrusted',
      },
    },
    { type: 'run.completed', payload: { outputs: { text: 'hello' }, durationMs: 1 } },
    {
      type: 'negotiation.decided',
      payload: {
        protocol: 'a2a',
        outcome: 'accepted',
        at,
        floor: '1.0',
        peerDigest: '2d634058e435b5aac283b9521d684860266d1297cd84c39aee61b900e8e2fd0f',
        reason: 'ok',
        version: '1.0',
        requested: '1.0',
      },
    },
  ];
  return {
    run: {
      runId,
      tenant: 'bench',
      workflowId: 'echo',
      status: 'completed',
      owner: OWNER,
      inputs: { text: 'hello' },
      outputs: { text: 'hello' },
      transport: 'a2a',
      trustBoundary: 'untrusted',
      createdAt: at,
      updatedAt: at,
      statusAt: at,
      startedAt: at,
      completedAt: at,
      definition: DEFINITION,
      engine: { nodeIndex: 0, vars: {} },
    },
    events: changeEvents.map((e, sequence) => ({ runId, sequence, timestamp: at, ...e })),
    changeEvents,
    idempotency: {
      tenant: 'bench',
      principal: JSON.stringify([OWNER.issuer, OWNER.subjectId]),
      key: messageId,
      requestDigest: 'cdb367ccc852159ade446aaeb42e14f98d078ed3186ef4471c02facd4bc76d49',
      runId,
      createdAt: at,
    },
    note: {
      binding: 'a2a',
      // What SendMessage mints for a new task's context (messages.ts).
      contextId: uuidV7(),
      append: { messageId, role: 'ROLE_USER', parts: [{ text: 'hello' }] },
    },
  };
}
