// emitAsyncApiTypes: the message-name union and the channel table, from the channels the validate
// stage read (it reports nothing itself); the run-event and host-event payload maps the ports use.
import { describe, expect, it } from 'vitest';
import { emitAsyncApiTypes } from '../../../generator/emit/types-asyncapi.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

describe('emitAsyncApiTypes', () => {
  const channels = [
    { id: 'hostEvents', address: '/host/events', messages: ['negotiation.decided'] },
    { id: 'runEvents', address: '/runs/{runId}/events', messages: ['run.started', 'log.appended'] },
  ];

  it('declares every carried message name once, sorted, and the channels as given', () => {
    const file = emitAsyncApiTypes(bundledModel(), channels);
    expect(file.path).toBe('types/event-streams.ts');
    expect(file.from).toEqual(['spec/asyncapi.yaml']);
    // Payload types come from the event-payload module, each named by its event type.
    expect(importLines(file)).toEqual([
      "import type { ConversationClosed, ConversationExchanged, ConversationOpened, InterruptRequested, InterruptResolved, LogAppended, NegotiationDecided, NodeCompleted, NodeSuspended, RunCancelled, RunCompleted, RunFailed, RunStarted } from './events.js';",
    ]);
    expect(file.body).toContain(
      'export type EventStreamMessageName = "log.appended" | "negotiation.decided" | "run.started";',
    );
    expect(file.body).toContain('  "run.started": RunStarted;');
    expect(file.body).toContain('export type RunEventType = keyof RunEventPayloads;');
    // The host-event map holds only what the /host/events channel carries.
    expect(file.body).toMatch(
      /export interface HostEventPayloads \{\n {2}"negotiation\.decided": NegotiationDecided;\n\}/,
    );
    expect(file.body).toContain('/** Source: spec/asyncapi.yaml#/channels');
    expect(runEmitted(file)['eventChannels']).toEqual(channels);
  });

  it('declares `never` when the parser read no channel', () => {
    const file = emitAsyncApiTypes(bundledModel(), []);
    expect(file.body).toContain('export type EventStreamMessageName = never;');
    expect(runEmitted(file)['eventChannels']).toEqual([]);
  });
});
