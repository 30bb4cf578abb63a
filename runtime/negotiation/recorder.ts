// One negotiation record per exchange, for A2A and MCP alike (interop.md §"Negotiation is a
// protocol", "The audit event"): every outcome, refusals included, recorded once — on the run's log
// when the exchange creates, continues or cancels that run (or in the run's own insert), else as
// the caller's durable host event, or the host's when no caller was authenticated.
import type { ServedContract } from '../contract/served.ts';
import type { Subject } from '../ports/auth.ts';
import type { NewRunEvent } from '../ports/events.ts';
import type { HostEventLog } from '../ports/host-events.ts';
import type { RunCore } from '../ports/run-core.ts';
import type { NegotiationDecision } from './decide.ts';
import { decisionEvent, decisionPayload, recordDecision, type DecisionCheck } from './record.ts';

/** What the recorder writes to, and how it dates and checks a record. */
export interface RecorderSinks {
  core: RunCore;
  hostEvents: HostEventLog;
  now(): Date;
  /** The served contract's check of the record's payload. */
  check: DecisionCheck;
}

/** What of a host the recorder writes through (a HostContext is one; negotiation/ sits below it). */
interface RecordingHost {
  core: RunCore;
  hostEvents: HostEventLog;
  now(): Date;
  contract: Pick<ServedContract, 'validators'>;
}

/** A host's sinks: its run core and host-event log, its clock, its contract's check. */
export function recorderSinks(ctx: RecordingHost): RecorderSinks {
  return {
    core: ctx.core,
    hostEvents: ctx.hostEvents,
    now: ctx.now,
    check: ctx.contract.validators.negotiationDecided,
  };
}

export class NegotiationRecorder {
  private recorded = false;
  /** The caller, once authenticated (undefined: recorded in the host's scope). */
  subject: Subject | undefined;
  /** The decision, once made. */
  decision: NegotiationDecision | undefined;

  constructor(
    private readonly sinks: RecorderSinks,
    private readonly protocol: 'a2a' | 'mcp',
    /** The peer origin whose digest the record carries. */
    private readonly peerOrigin: string,
  ) {}

  /** Whether the exchange's record is written (or taken by a run's insert). */
  get done(): boolean {
    return this.recorded;
  }

  private payload() {
    const { sinks } = this;
    if (!this.decision) throw new Error('negotiation recorded before it was decided');
    return decisionPayload(sinks.check, this.protocol, this.decision, this.peerOrigin, sinks.now());
  }

  /** The record as a run event, for the insert of a run this exchange creates. */
  event(): NewRunEvent {
    return decisionEvent(this.payload());
  }

  /**
   * On `runId`'s log, once; `written`: it went in with the run's insert (`event()`), so it is only
   * marked done.
   */
  async bindRun(runId: string, written = false): Promise<void> {
    if (this.recorded) return;
    this.recorded = true;
    if (written) return;
    const subject = this.subject;
    await recordDecision(this.sinks, subject ? { runId, subject } : {}, this.payload());
  }

  /** As the caller's host event (the host's, with no caller), unless a run took it. */
  async finish(): Promise<void> {
    if (this.recorded || !this.decision) return;
    this.recorded = true;
    const subject = this.subject;
    await recordDecision(this.sinks, subject ? { tenant: subject.tenant } : {}, this.payload());
  }
}
