// Creating a run in the reference core: the idempotency replay (same key and request ⇒ the same run,
// another request ⇒ idempotency_key_mismatch), the input check, and one insert carrying the run,
// its idempotency row and the binding record together.
import { mintRunId } from '../../ids.ts';
import { principalOf, type Subject } from '../../ports/auth.ts';
import { CoreError } from '../../ports/errors.ts';
import type { CreateRunRequest } from '../../ports/run-core.ts';
import type {
  IdempotencyRecord,
  InsertedRunParts,
  RunRecord,
  RunStore,
  WriteOptions,
} from '../../ports/store/run-store.ts';
import { requestDigest } from '../../util/digest.ts';
import { checkAgainst } from '../../util/json-schema.ts';
import type { WorkflowDefinition } from './engine/definition.ts';

const mismatch = () =>
  new CoreError('idempotency_key_mismatch', 'idempotency key reused with a different request');

/** The run an earlier request with the same key created, if any (throws on a different request). */
export async function priorRun(
  runs: RunStore,
  subject: Subject,
  key: string | undefined,
  digest: string,
): Promise<RunRecord | undefined> {
  if (key === undefined) return undefined;
  const prior = await runs.findIdempotency(subject.tenant, principalOf(subject), key);
  if (!prior) return undefined;
  if (prior.requestDigest !== digest) throw mismatch();
  return runs.getRun(prior.runId);
}

export function digestOf(req: CreateRunRequest): string {
  return (
    req.requestDigest ??
    requestDigest({ workflowId: req.workflowId, inputs: req.inputs, metadata: req.metadata })
  );
}

/** The new run record of `req` (checked against the workflow's input schema). */
export function newRun(
  subject: Subject,
  req: CreateRunRequest,
  definition: WorkflowDefinition | undefined,
  at: string,
): RunRecord {
  if (!definition)
    throw new CoreError('not_found', `unknown workflow ${req.workflowId}`, {
      workflowId: req.workflowId,
    });
  const issues = checkAgainst(definition.inputSchema, req.inputs);
  if (issues.length > 0)
    throw new CoreError('validation_error', 'inputs do not match the workflow input schema', {
      issues,
    });
  const run: RunRecord = {
    runId: mintRunId(subject.tenant),
    tenant: subject.tenant,
    workflowId: req.workflowId,
    status: 'pending',
    owner: subject,
    inputs: req.inputs,
    transport: req.transport,
    trustBoundary: req.trustBoundary ?? 'untrusted',
    createdAt: at,
    updatedAt: at,
    statusAt: at,
    definition: definition as unknown as Record<string, unknown>,
    engine: { nodeIndex: 0, vars: {} },
  };
  if (req.metadata) run.metadata = req.metadata;
  if (req.trace) {
    const openwop = run.metadata?.['openwop'];
    const base = typeof openwop === 'object' && openwop !== null ? openwop : {};
    run.metadata = { ...run.metadata, openwop: { ...base, trace: req.trace } };
  }
  return run;
}

export function idempotencyRow(
  subject: Subject,
  req: CreateRunRequest,
  run: RunRecord,
  digest: string,
): IdempotencyRecord | undefined {
  if (req.idempotencyKey === undefined) return undefined;
  return {
    tenant: subject.tenant,
    principal: principalOf(subject),
    key: req.idempotencyKey,
    requestDigest: digest,
    runId: run.runId,
    createdAt: run.createdAt,
  };
}

/**
 * Insert the run; when a concurrent request with the same key won the insert, answer with its run
 * as a replay would (undefined when the insert failed for another reason: the caller rethrows).
 */
export async function insertOrReplay(
  runs: RunStore,
  subject: Subject,
  run: RunRecord,
  extra: Parameters<RunStore['insertRun']>[1],
  digest: string,
  options: WriteOptions = {},
): Promise<{ run: RunRecord; created: boolean; parts?: InsertedRunParts }> {
  try {
    const parts = await runs.insertRun(run, extra, options);
    return parts ? { run, created: true, parts } : { run, created: true };
  } catch (err) {
    const key = extra?.idempotency?.key;
    const existing = await priorRun(runs, subject, key, digest);
    if (!existing) throw err;
    return { run: existing, created: false };
  }
}
