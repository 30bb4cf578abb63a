// Projects a stored run to the wire RunSnapshot (schemas/run-snapshot.schema.json: closed object,
// optional members omitted rather than null; a v2 host writes eventLogSchemaVersion 3).
import type { RunRecord } from '../store/port.ts';
import type { RunSnapshot } from './port.ts';

export const EVENT_LOG_SCHEMA_VERSION = 3;

export function toSnapshot(run: RunRecord): RunSnapshot {
  const snap: RunSnapshot = {
    runId: run.runId,
    workflowId: run.workflowId,
    status: run.status,
    owner: { tenant: run.tenant, subject: run.owner },
    eventLogSchemaVersion: EVENT_LOG_SCHEMA_VERSION,
    inputs: run.inputs,
  };
  if (run.startedAt) snap.startedAt = run.startedAt;
  if (run.completedAt) snap.completedAt = run.completedAt;
  if (run.currentNodeId) snap.currentNodeId = run.currentNodeId;
  if (run.outputs) snap.outputs = run.outputs;
  if (run.error) snap.error = run.error;
  if (run.metadata) snap.metadata = run.metadata;
  return snap;
}
