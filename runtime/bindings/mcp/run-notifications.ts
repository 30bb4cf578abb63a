// Notifications a tools/call sends on its own response stream while its run works (MCP 2026-07-28
// utilities): `notifications/progress` when the request carried `_meta.progressToken`, and
// `notifications/message` for each `log.appended` line at or above the request's `_meta` logLevel —
// only when it carried one (the map's `io.modelcontextprotocol/logLevel` row). Both are read from
// the run's own log, so they say nothing the run's readers could not read. Progress counts the
// workflow's steps the run has passed, out of all of them (the port's workflow view).
import type { Subject } from '../../ports/auth.ts';
import { answerGoesOn, type RunEvent } from '../../ports/events.ts';
import type { RunCore } from '../../ports/run-core.ts';
import type { WorkflowView } from '../../ports/workflows.ts';
import { MCP_LOG_LEVELS, type McpEnvelope, type McpLogLevel } from './envelope.ts';
import type { NotificationStream } from './listen.ts';

const FROM_RUN_LEVEL: Record<string, McpLogLevel> = {
  debug: 'debug',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

/** An event that finishes (or advances) the step of its node. */
function stepDone(e: RunEvent): boolean {
  return (
    e.type === 'node.completed' ||
    e.type === 'log.appended' ||
    (e.type === 'interrupt.resolved' && answerGoesOn(e.payload))
  );
}

export interface RunNotifier {
  /** Sends what the log holds up to now, then stops following it. */
  stop(): Promise<void>;
}

/** The notifications one run event gives rise to (progress past its step, a log line). */
function eventNotifier(
  workflow: WorkflowView,
  envelope: McpEnvelope,
  stream: NotificationStream,
): { start(): void; onEvent(e: RunEvent): void } {
  const { progressToken, logLevel } = envelope;
  const { total, stepOf } = workflow.steps;
  let progress = -1;
  const sendProgress = (value: number) => {
    if (progressToken === undefined || value <= progress) return;
    progress = value;
    stream.send('notifications/progress', { progressToken, progress: value, total });
  };
  const minimum = logLevel === undefined ? -1 : MCP_LOG_LEVELS.indexOf(logLevel);
  const sendLog = (e: Extract<RunEvent, { type: 'log.appended' }>) => {
    const level = FROM_RUN_LEVEL[e.payload.level] ?? 'info';
    if (minimum < 0 || MCP_LOG_LEVELS.indexOf(level) < minimum) return;
    const { nodeId } = e.payload;
    stream.send('notifications/message', {
      level,
      ...(nodeId !== undefined && { logger: nodeId }),
      data: e.payload.message,
    });
  };
  return {
    start: () => sendProgress(0),
    onEvent(e) {
      const nodeId = 'nodeId' in e.payload ? e.payload.nodeId : undefined;
      const at = nodeId !== undefined && Object.hasOwn(stepOf, nodeId) ? stepOf[nodeId] : undefined;
      if (e.type === 'log.appended') sendLog(e);
      if (e.type === 'run.completed') sendProgress(total);
      else if (at !== undefined && stepDone(e)) sendProgress(at + 1);
    },
  };
}

/** Follows `runId` after `afterSequence`; a no-op when the request asked for neither kind. */
export function notifyFromRun(
  core: RunCore,
  subject: Subject,
  runId: string,
  afterSequence: number,
  workflow: WorkflowView,
  envelope: McpEnvelope,
  stream: NotificationStream | undefined,
): RunNotifier {
  if (!stream || (envelope.progressToken === undefined && envelope.logLevel === undefined))
    return { stop: async () => undefined };
  const notifier = eventNotifier(workflow, envelope, stream);
  let last = afterSequence;
  const onEvent = (e: RunEvent) => {
    if (e.sequence <= last) return;
    last = e.sequence;
    notifier.onEvent(e);
  };

  notifier.start();
  const controller = new AbortController();
  const following = (async () => {
    const events = await core.streamRunEvents(subject, runId, {
      afterSequence,
      signal: controller.signal,
    });
    if (!events) return;
    for await (const e of events) onEvent(e);
  })().catch(() => undefined);

  return {
    async stop() {
      controller.abort();
      await following;
      // Whatever was appended before the answer goes out ahead of it.
      for (;;) {
        const rest = (await core.readEvents(subject, runId, last, 100)) ?? [];
        rest.forEach(onEvent);
        if (rest.length < 100) return;
      }
    },
  };
}
