// The outbound effects this host performs, as GET /host/effect-seams lists them: the calls of the
// reference engine's outbound steps (a2a-call, mcp-call) and A2A push delivery, each under the
// id a checker looks it up by. `recorded-outcome` is the one suppression the manifest knows; here
// it means what a resumed run does — the remote work a step follows and the step's result are
// kept on the run, and a push's cursor in the outbox, so resuming reads them instead of acting
// again. This host serves no replay fork (discovery has no `replay` facet), so no fork re-runs them.
import type { OutboundConfig } from '../config.ts';
import type { EffectSeam, EffectSeamManifest } from '../ports/effect-seams.ts';
import { HOST_NAME } from '../version.ts';
import type { BuildId } from './build-id.ts';

/** A seam id: dotted, at least two lowercase segments (the manifest schema's pattern). */
const SEAM_ID = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/** A seam of this host: every one is suppressed by its recorded outcome (the header above). */
const seam = (id: string, kind: EffectSeam['kind'], note: string): EffectSeam => ({
  id,
  kind,
  suppression: 'recorded-outcome',
  note,
});

const A2A_SEND = seam(
  'outbound.a2a-send',
  'http',
  "SendMessage of an a2a-call step: the first message and each answer to the agent's question. Every send's messageId (and the first send's contextId) derives from the run, step and round, and the intent to send is committed before the request leaves; a resumed run looks for what a cut-off send made (ListTasks by that contextId, the task's history for that messageId) and follows it rather than sending again. An agent that neither lists tasks nor deduplicates messageIds may receive a cut-off send twice.",
);

const A2A_CANCEL = seam(
  'outbound.a2a-cancel',
  'http',
  "CancelTask on the agent's task, once, when the run following it is cancelled; the task id is the one kept on the run.",
);

const MCP_CALL = seam(
  'outbound.mcp-call',
  'http',
  'tools/call and tasks/update of an mcp-call step to a server at a URL (streamable HTTP). The request id and Idempotency-Key derive from the run, step and round, the intent is committed before the request leaves, and a task of the tasks extension is kept on the run once it starts; a resumed run resends a cut-off request under the same identity, which a server that honours Idempotency-Key (this host does) answers as the first, and any other may run twice.',
);

const MCP_CANCEL = seam(
  'outbound.mcp-cancel',
  'http',
  "tasks/cancel on the server's task, once, when the run following it is cancelled.",
);

// Kind `other`, not `http`: the request goes to a process this host starts from the operator's
// command and is written to its stdin; what that process then reaches is its own.
const MCP_STDIO = seam(
  'outbound.mcp-stdio',
  'other',
  'The calls of outbound.mcp-call and outbound.mcp-cancel to a stdio server the operator allows (outbound.stdio): the host starts its command and writes the requests to its stdin, so the effect leaves through a local process, not over HTTP.',
);

/** A2A push delivery (adapters/push/), listed when the host delivers pushes. */
export const PUSH_DELIVERY = seam(
  'push.delivery',
  'webhook',
  "A2A push notifications to a task's push-config URLs. Each push is queued in the store's outbox with its config's cursor and settled once the receiver answers 2xx; a retry resends only what was not accepted, and a restart resumes from the outbox and the cursors, so an accepted push is not sent again.",
);

/** The seams of the reference engine's outbound steps under `outbound` (stdio only if allowed). */
export function referenceEngineSeams(outbound: OutboundConfig): EffectSeam[] {
  const stdio = Object.keys(outbound.stdio).length > 0 ? [MCP_STDIO] : [];
  return [A2A_SEND, A2A_CANCEL, MCP_CALL, MCP_CANCEL, ...stdio];
}

/** The manifest of `seams` for this build; a seam id that is malformed or listed twice is refused. */
export function effectSeamManifest(
  seams: readonly EffectSeam[],
  build: BuildId,
): EffectSeamManifest {
  const seen = new Set<string>();
  for (const s of seams) {
    if (!SEAM_ID.test(s.id))
      throw new Error(`effect seam id ${JSON.stringify(s.id)} is not dotted lowercase`);
    if (seen.has(s.id)) throw new Error(`effect seam ${s.id} is listed twice`);
    seen.add(s.id);
  }
  return {
    manifestVersion: '1',
    host: { name: HOST_NAME, build: { kind: build.kind, id: build.id } },
    seams: seams.map((s) => ({ ...s })),
  };
}
